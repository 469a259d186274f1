import CGtk
import GalleryCore

/// The app's GSettings, or an in-memory stand-in when the schema is not installed.
///
/// GSettings aborts the process on a missing schema, so we look it up first: a person who runs
/// the binary without installing it still gets a working app, just without remembered choices.
@MainActor
public final class AppSettings {
    private let settings: UnsafeMutablePointer<GSettings>?
    private var fallback: [String: Any] = [
        "color-scheme": "system", "window-width": 900, "window-height": 700,
        "window-maximized": false, "links-url": AppIdentity.defaultLinksURL,
    ]

    public init(schemaID: String = AppIdentity.applicationID) {
        if let source = g_settings_schema_source_get_default(),
           let schema = g_settings_schema_source_lookup(source, schemaID, 1) {
            g_settings_schema_unref(schema)
            settings = g_settings_new(schemaID)
        } else {
            settings = nil
            print("link-gallery: GSettings schema \(schemaID) not found; settings will not be remembered")
        }
    }

    public var colorScheme: ColorSchemePreference {
        get { ColorSchemePreference(rawValue: string("color-scheme")) ?? .system }
        set { setString("color-scheme", newValue.rawValue) }
    }

    public var linksURL: String {
        let value = string("links-url")
        return value.isEmpty ? AppIdentity.defaultLinksURL : value
    }

    public var windowWidth: Int {
        get { int("window-width") }
        set { setInt("window-width", newValue) }
    }

    public var windowHeight: Int {
        get { int("window-height") }
        set { setInt("window-height", newValue) }
    }

    public var windowMaximized: Bool {
        get { bool("window-maximized") }
        set { setBool("window-maximized", newValue) }
    }

    private func string(_ key: String) -> String {
        guard let settings else { return fallback[key] as? String ?? "" }
        let value = g_settings_get_string(settings, key)
        defer { g_free(value) }
        return value.map { String(cString: $0) } ?? ""
    }

    private func setString(_ key: String, _ value: String) {
        guard let settings else { fallback[key] = value; return }
        g_settings_set_string(settings, key, value)
        flush()
    }

    private func int(_ key: String) -> Int {
        guard let settings else { return fallback[key] as? Int ?? 0 }
        return Int(g_settings_get_int(settings, key))
    }

    private func setInt(_ key: String, _ value: Int) {
        guard let settings else { fallback[key] = value; return }
        g_settings_set_int(settings, key, gint(value))
        flush()
    }

    private func bool(_ key: String) -> Bool {
        guard let settings else { return fallback[key] as? Bool ?? false }
        return g_settings_get_boolean(settings, key) != 0
    }

    private func setBool(_ key: String, _ value: Bool) {
        guard let settings else { fallback[key] = value; return }
        g_settings_set_boolean(settings, key, value ? 1 : 0)
        flush()
    }

    /// Writes now, not on GSettings' delayed flush: the process may end right after a choice.
    private func flush() {
        g_settings_sync()
    }
}
