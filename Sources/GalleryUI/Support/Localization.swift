import CGtk
import Foundation
import GalleryCore

/// gettext for the `link-gallery` domain.
///
/// xgettext cannot parse Swift, so strings are marked with calls its C parser recognizes:
/// `L10n.tr("…")` (keyword `tr`), `L10n.format("…", …)` (keyword `format`) and
/// `L10n.plural("…", "…", n)` (keyword `plural:1,2`).
///
/// Values go into sentences only through `format` and `plural`, with positional placeholders
/// `%1$s`, `%2$s`… that translators may reorder ("%1$s — %2$s / %3$s"); `msgfmt --check`
/// (tools/check-translations) fails a translation that drops one or names one that is not
/// there. Arguments are words already: the caller formats numbers.
public enum L10n {
    /// Binds the domain before GTK starts. Uninstalled runs point `LINK_GALLERY_LOCALEDIR` at the
    /// build tree; installed ones find `<prefix>/share/locale` beside the binary's `bin/`.
    public static func setUp() {
        setlocale(LC_ALL, "")
        let directory = ProcessInfo.processInfo.environment["LINK_GALLERY_LOCALEDIR"] ?? installedLocaleDirectory()
        bindtextdomain(AppIdentity.gettextDomain, directory)
        bind_textdomain_codeset(AppIdentity.gettextDomain, "UTF-8")
        textdomain(AppIdentity.gettextDomain)
    }

    public static func tr(_ message: String) -> String {
        // gettext returns its argument when there is no translation, so the C string must stay
        // alive until it is copied.
        message.withCString { String(cString: g_dgettext(AppIdentity.gettextDomain, $0)) }
    }

    /// The translation of `message` with `%1$s`, `%2$s`… replaced by `arguments` and `%%` by `%`.
    public static func format(_ message: String, _ arguments: String...) -> String {
        substitute(tr(message), arguments)
    }

    /// Chooses the plural form for `count` (Russian has three); `%1$s` is the count.
    public static func plural(_ singular: String, _ plural: String, _ count: Int, _ more: String...) -> String {
        let form = singular.withCString { one in
            plural.withCString { many in
                String(cString: g_dngettext(AppIdentity.gettextDomain, one, many, gulong(max(count, 0))))
            }
        }
        return substitute(form, [String(count)] + more)
    }

    /// One pass over the text, so an argument that holds `%2$s` (a file name, a link) is never
    /// read as a placeholder. A placeholder with no argument is left as it is.
    static func substitute(_ text: String, _ arguments: [String]) -> String {
        guard text.contains("%") else { return text }
        var result = ""
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.first == "%" {
                result += "%"
                rest = after.dropFirst()
                continue
            }
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            let suffix = after[digits.endIndex...]
            if let number = Int(digits), number >= 1, number <= arguments.count, suffix.hasPrefix("$s") {
                result += arguments[number - 1]
                rest = suffix.dropFirst(2)
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }

    private static func installedLocaleDirectory() -> String {
        // Launchers start us as plain "link-gallery" found on PATH, so argv[0] says nothing about
        // where we live; the kernel's /proc/self/exe names the real file.
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "/usr/bin/link-gallery"
        let executable = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/locale").path
    }
}
