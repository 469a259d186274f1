import CGtk
import GalleryCore

/// The app's GSettings, or an in-memory stand-in when the schema is not installed.
///
/// GSettings aborts the process on a missing schema, so we look it up first: a person who runs
/// the binary without installing it still gets a working app, just without remembered choices.
/// It aborts on a key the schema lacks too (a schema compiled for an older version, still
/// installed), so every key is checked, with its type, before it is read or written.
@MainActor
public final class AppSettings {
    private let settings: UnsafeMutablePointer<GSettings>?
    /// The schema's keys and their GVariant types; a key missing here lives in `fallback`.
    private let keyTypes: [String: String]
    private var fallback: [String: Any] = [
        "color-scheme": "system", "window-width": 900, "window-height": 700,
        "window-maximized": false, "links-url": AppIdentity.defaultLinksURL,
        "recent-lists": [(String, String, Int)](), "slideshow-interval": SlideshowModel.defaultInterval,
        "sandbox-notice-dismissed": false, "keep-zoom": false, "filmstrip": false, "hide-duplicates": false, "thumbnail-size": ThumbnailSize.defaultCellSide,
    ]

    public convenience init(schemaID: String = AppIdentity.applicationID) {
        self.init(schemaID: schemaID, source: g_settings_schema_source_get_default())
    }

    /// Looks the schema up in `source`: tests pass one compiled into a directory of their own.
    init(schemaID: String, source: OpaquePointer?) {
        if let source, let schema = g_settings_schema_source_lookup(source, schemaID, 1) {
            keyTypes = Self.keyTypes(of: schema)
            settings = g_settings_new_full(schema, nil, nil)
            g_settings_schema_unref(schema)
        } else {
            keyTypes = [:]
            settings = nil
            print("link-gallery: GSettings schema \(schemaID) not found; settings will not be remembered")
        }
    }

    private static func keyTypes(of schema: OpaquePointer) -> [String: String] {
        guard let names = g_settings_schema_list_keys(schema) else { return [:] }
        defer { g_strfreev(names) }
        var types: [String: String] = [:]
        var index = 0
        while let name = names[index] {
            let key = g_settings_schema_get_key(schema, name)!
            let type = g_variant_type_dup_string(g_settings_schema_key_get_value_type(key))!
            types[String(cString: name)] = String(cString: type)
            g_free(type)
            g_settings_schema_key_unref(key)
            index += 1
        }
        return types
    }

    /// The settings when the schema has `key` with `type`; nil sends the caller to `fallback`.
    private func schemaSettings(for key: String, type: String) -> UnsafeMutablePointer<GSettings>? {
        keyTypes[key] == type ? settings : nil
    }

    public var colorScheme: ColorSchemePreference {
        get { ColorSchemePreference(rawValue: string("color-scheme")) ?? .system }
        set { setString("color-scheme", newValue.rawValue) }
    }

    public var linksURL: String {
        let value = string("links-url")
        return value.isEmpty ? AppIdentity.defaultLinksURL : value
    }

    /// `a(ssx)`: the list's address or file URI, its name, when it was opened (Unix seconds).
    var recentLists: [(String, String, Int)] {
        get {
            guard let settings = schemaSettings(for: "recent-lists", type: "a(ssx)") else {
                return fallback["recent-lists"] as? [(String, String, Int)] ?? []
            }
            let value = g_settings_get_value(settings, "recent-lists")!
            defer { g_variant_unref(value) }
            return (0..<g_variant_n_children(value)).map { index in
                let tuple = g_variant_get_child_value(value, index)!
                defer { g_variant_unref(tuple) }
                func child(_ position: Int) -> OpaquePointer { g_variant_get_child_value(tuple, gsize(position))! }
                let (identifier, name, time) = (child(0), child(1), child(2))
                defer { [identifier, name, time].forEach { g_variant_unref($0) } }
                return (String(cString: g_variant_get_string(identifier, nil)),
                        String(cString: g_variant_get_string(name, nil)), g_variant_get_int64(time))
            }
        }
        set {
            guard let settings = schemaSettings(for: "recent-lists", type: "a(ssx)") else { fallback["recent-lists"] = newValue; return }
            let tupleType = g_variant_type_new("(ssx)")
            defer { g_variant_type_free(tupleType) }
            var tuples: [OpaquePointer?] = newValue.map { identifier, name, time in
                var children: [OpaquePointer?] = [g_variant_new_string(identifier), g_variant_new_string(name), g_variant_new_int64(time)]
                return g_variant_new_tuple(&children, 3)
            }
            g_settings_set_value(settings, "recent-lists", g_variant_new_array(tupleType, &tuples, gsize(tuples.count)))
            flush()
        }
    }

    public var windowWidth: Int {
        get { int("window-width") }
        set { setInt("window-width", newValue) }
    }

    public var windowHeight: Int {
        get { int("window-height") }
        set { setInt("window-height", newValue) }
    }

    /// Seconds a slideshow shows each picture (one of `SlideshowModel.intervalChoices`).
    var slideshowInterval: Int {
        get { SlideshowModel.validInterval(int("slideshow-interval")) }
        set { setInt("slideshow-interval", SlideshowModel.validInterval(newValue)) }
    }

    /// The narrowest width of a grid cell, in logical pixels (one of `ThumbnailSize.cellSides`).
    var thumbnailSize: Int {
        get { ThumbnailSize.valid(int("thumbnail-size")) }
        set { setInt("thumbnail-size", ThumbnailSize.valid(newValue)) }
    }

    /// The person chose never to be told again that pictures are decoded without bubblewrap.
    var sandboxNoticeDismissed: Bool {
        get { bool("sandbox-notice-dismissed") }
        set { setBool("sandbox-notice-dismissed", newValue) }
    }

    /// The viewer carries a zoom to the next picture ("Keep Zoom When Paging").
    var keepZoomWhenPaging: Bool {
        get { bool("keep-zoom") }
        set { setBool("keep-zoom", newValue) }
    }

    /// The grid shows one tile per picture ("Hide Duplicates").
    var hidesDuplicates: Bool {
        get { bool("hide-duplicates") }
        set { setBool("hide-duplicates", newValue) }
    }

    /// The viewer shows its filmstrip.
    var filmstripShown: Bool {
        get { bool("filmstrip") }
        set { setBool("filmstrip", newValue) }
    }

    /// The viewer's size when it was last closed neither maximized nor fullscreen.
    var viewerWidth: Int {
        get { int("viewer-width") }
        set { setInt("viewer-width", newValue) }
    }

    var viewerHeight: Int {
        get { int("viewer-height") }
        set { setInt("viewer-height", newValue) }
    }

    public var windowMaximized: Bool {
        get { bool("window-maximized") }
        set { setBool("window-maximized", newValue) }
    }

    private func string(_ key: String) -> String {
        guard let settings = schemaSettings(for: key, type: "s") else { return fallback[key] as? String ?? "" }
        let value = g_settings_get_string(settings, key)
        defer { g_free(value) }
        return value.map { String(cString: $0) } ?? ""
    }

    private func setString(_ key: String, _ value: String) {
        guard let settings = schemaSettings(for: key, type: "s") else { fallback[key] = value; return }
        g_settings_set_string(settings, key, value)
        flush()
    }

    private func int(_ key: String) -> Int {
        guard let settings = schemaSettings(for: key, type: "i") else { return fallback[key] as? Int ?? 0 }
        return Int(g_settings_get_int(settings, key))
    }

    private func setInt(_ key: String, _ value: Int) {
        guard let settings = schemaSettings(for: key, type: "i") else { fallback[key] = value; return }
        g_settings_set_int(settings, key, gint(value))
        flush()
    }

    private func bool(_ key: String) -> Bool {
        guard let settings = schemaSettings(for: key, type: "b") else { return fallback[key] as? Bool ?? false }
        return g_settings_get_boolean(settings, key) != 0
    }

    private func setBool(_ key: String, _ value: Bool) {
        guard let settings = schemaSettings(for: key, type: "b") else { fallback[key] = value; return }
        g_settings_set_boolean(settings, key, value ? 1 : 0)
        flush()
    }

    /// Writes now, not on GSettings' delayed flush: the process may end right after a choice.
    private func flush() {
        g_settings_sync()
    }
}
