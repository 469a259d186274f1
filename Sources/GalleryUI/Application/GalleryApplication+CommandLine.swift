import CGtk
import Foundation
import GalleryCore

/// GApplication owns the command line: it parses `link-gallery [--links-url URL] [URL|FILE]`,
/// prints `--help` itself, and sends what the launching process decided to the running instance.
///
/// Every launch runs `handle-local-options` in its own process, before any display or D-Bus is
/// touched: `--version` and mistakes end there (exit status 2). The list it names goes on in the
/// options dictionary as one key, `list` (an http(s) address or a `file:` URI, already resolved
/// against the launcher's folder), to `command-line` in the primary instance, which may be an
/// instance started long before.
extension GalleryApplication {
    static let resolvedListKey = "list"

    /// Option names and descriptions must outlive the GOptionGroup that points at them: they are
    /// made once per process and kept.
    static func addOptionEntries(to application: OpaquePointer) {
        func keep(_ text: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(text)!) }
        var entries = [
            GOptionEntry(long_name: keep("links-url"), short_name: 0, flags: 0, arg: G_OPTION_ARG_STRING, arg_data: nil,
                         description: keep(L10n.tr("The links file to show (a web address)")), arg_description: keep("URL")),
            GOptionEntry(long_name: keep("version"), short_name: 0, flags: 0, arg: G_OPTION_ARG_NONE, arg_data: nil,
                         description: keep(L10n.tr("Print the version and exit")), arg_description: nil),
            GOptionEntry(long_name: keep(""), short_name: 0, flags: 0, arg: G_OPTION_ARG_FILENAME_ARRAY, arg_data: nil,
                         description: nil, arg_description: keep("[URL|FILE]")),
            GOptionEntry(),
        ]
        g_application_add_main_option_entries(application.cast(), &entries)
        g_application_set_option_context_summary(application.cast(), L10n.tr(
            "Shows the images listed in a links file as a grid of thumbnails. The links file is a web address or a file on this computer; without one, the default list (the links-url setting) is shown."))
    }

    /// `handle-local-options`: -1 goes on to the primary instance, anything else is the exit status.
    static func handleLocalOptions(_ options: UnsafeMutablePointer<GVariantDict>) -> Int32 {
        if g_variant_dict_contains(options, "version") != 0 {
            print("link-gallery \(AppIdentity.version)")
            return 0
        }
        var parsed = CommandLineOptions()
        if let value = g_variant_dict_lookup_value(options, "links-url", nil) {
            parsed.linksURL = String(cString: g_variant_get_string(value, nil))
            g_variant_unref(value)
        }
        if let value = g_variant_dict_lookup_value(options, "", nil) {
            var count: gsize = 0
            if let strings = g_variant_get_bytestring_array(value, &count) {
                parsed.lists = (0..<Int(count)).compactMap { strings[$0].map { String(cString: $0) } }
                g_free(strings)
            }
            g_variant_unref(value)
        }
        do {
            let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            if let source = try parsed.source(relativeTo: directory) {
                g_variant_dict_insert_value(options, resolvedListKey, g_variant_new_string(source.identifier))
            }
        } catch {
            let help = L10n.tr("Try “link-gallery --help”.")
            FileHandle.standardError.write(Data("link-gallery: \(ErrorMessages.explanation(for: error))\n\(help)\n".utf8))
            return 2
        }
        return -1
    }

    /// The list a `command-line` invocation asked for, if any.
    static func requestedList(_ commandLine: UnsafeMutablePointer<GApplicationCommandLine>) -> LinksSource? {
        guard let options = g_application_command_line_get_options_dict(commandLine),
              let value = g_variant_dict_lookup_value(options, resolvedListKey, nil) else { return nil }
        defer { g_variant_unref(value) }
        return LinksSource(identifier: String(cString: g_variant_get_string(value, nil)))
    }
}
