import CGtk
import Foundation
import GalleryCore

/// gettext for the `link-gallery` domain.
///
/// xgettext cannot parse Swift, so strings are marked with calls its C parser recognizes:
/// `L10n.tr("…")` (keyword `tr`) and `L10n.plural("…", "…", n)` (keyword `plural:1,2`).
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

    /// Chooses the plural form for `count` (Russian has three) and substitutes `%d`.
    public static func plural(_ singular: String, _ plural: String, _ count: Int) -> String {
        let form = singular.withCString { one in
            plural.withCString { many in
                String(cString: g_dngettext(AppIdentity.gettextDomain, one, many, gulong(max(count, 0))))
            }
        }
        return form.replacingOccurrences(of: "%d", with: String(count))
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
