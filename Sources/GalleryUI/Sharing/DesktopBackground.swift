import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// "Set as Background…": the original, as downloaded, copied to the user's backgrounds folder
/// (`$XDG_DATA_HOME/backgrounds`, where GNOME Settings lists them; never over a file there,
/// `NewFileInFolder`) and made the desktop's
/// background — through the desktop portal (`org.freedesktop.portal.Wallpaper`, which shows
/// its own preview and asks) where one runs, otherwise by GNOME's background settings
/// (`org.gnome.desktop.background`, light and dark). The person is told it worked or why not.
@MainActor
final class DesktopBackground {
    enum Outcome: Equatable {
        case set
        case failed(String)
        case cancelled
    }

    private static let portal = "org.freedesktop.portal.Desktop"
    private static let portalPath = "/org/freedesktop/portal/desktop"

    private let title: String
    private let bytes: @Sendable () async throws -> OriginalFile
    private let completion: @MainActor (Outcome) -> Void
    private var response: DBusSignalSubscription?

    init(title: String, bytes: @escaping @Sendable () async throws -> OriginalFile, completion: @escaping @MainActor (Outcome) -> Void) {
        self.title = title
        self.bytes = bytes
        self.completion = completion
    }

    func run() {
        let bytes = bytes, title = title
        let folder = URL(fileURLWithPath: String(cString: g_get_user_data_dir()), isDirectory: true)
            .appendingPathComponent("backgrounds", isDirectory: true)
        Task { @MainActor [weak self] in
            let copy = await OriginalCopy.make(
                title: title, bytes: bytes, unwritten: L10n.tr("The picture could not be copied to your backgrounds folder.")
            ) { data, name in
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                // The same picture set before is used again; a file of the person's under the
                // name stays as it is, and the picture goes beside it ("name (2).jpg").
                let file = folder.appendingPathComponent(name)
                if let existing = try? Data(contentsOf: file), existing == data { return file }
                return try NewFileInFolder.write(data, named: name, in: folder).file
            }
            switch copy {
            case .success(let file): self?.setBackground(to: file)
            case .failure(.failed(let reason)): self?.completion(.failed(reason))
            case .failure(.cancelled): self?.completion(.cancelled)
            }
        }
    }

    /// Asks the session bus for the portal without waiting on the main thread (a portal that is
    /// slow to answer must not freeze the window), then sets the background one way or the other.
    private func setBackground(to file: URL) {
        let flags = GDBusProxyFlags(G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START.rawValue | G_DBUS_PROXY_FLAGS_DO_NOT_CONNECT_SIGNALS.rawValue)
        g_dbus_proxy_new_for_bus(G_BUS_TYPE_SESSION, flags, nil, Self.portal, Self.portalPath, "org.freedesktop.portal.Wallpaper",
                                 nil, AsyncReply.callback, AsyncReply.userData { [weak self] _, result in
            let proxy = g_dbus_proxy_new_for_bus_finish(result, nil)
            defer { proxy.map { g_object_unref(UnsafeMutableRawPointer($0)) } }
            if let proxy, Self.isWallpaperPortal(proxy), let connection = g_dbus_proxy_get_connection(proxy) {
                self?.askPortal(connection, file: file)
            } else {
                self?.completion(Self.setInGNOMESettings(file) ? .set : .failed(L10n.tr(
                    "This desktop has no way for Link Gallery to set its background. The picture is in your backgrounds folder.")))
            }
        })
    }

    /// Whether a portal answers and has the Wallpaper interface: one without a Wallpaper
    /// backend has no `version` property on it.
    private static func isWallpaperPortal(_ proxy: UnsafeMutablePointer<GDBusProxy>) -> Bool {
        guard let owner = g_dbus_proxy_get_name_owner(proxy) else { return false }
        g_free(owner)
        guard let version = g_dbus_proxy_get_cached_property(proxy, "version") else { return false }
        g_variant_unref(version)
        return true
    }

    /// `SetWallpaperURI(parent, uri, {show-preview, set-on, handle_token})`; the answer comes as
    /// the Response signal of the request object, listened to before the call (the portal's
    /// documented way: the object's path follows from our bus name and the token).
    private func askPortal(_ connection: OpaquePointer, file: URL) {
        let token = "linkgallery\(UInt32.random(in: 1...UInt32.max))"
        let sender = String(cString: g_dbus_connection_get_unique_name(connection)).dropFirst()
            .replacingOccurrences(of: ".", with: "_")
        let requestPath = "\(Self.portalPath)/request/\(sender)/\(token)"
        response = DBusSignalSubscription(connection: connection, sender: Self.portal, interface: "org.freedesktop.portal.Request",
                                          member: "Response", path: requestPath) { [weak self] parameters in
            self?.responded(parameters)
        }
        let options = g_variant_builder_new(g_variant_type_checked_("a{sv}"))!
        defer { g_variant_builder_unref(options) }
        for (key, value) in [("show-preview", g_variant_new_boolean(1)), ("set-on", g_variant_new_string("background")),
                             ("handle_token", g_variant_new_string(token))] {
            g_variant_builder_add_value(options, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        var arguments: [OpaquePointer?] = [g_variant_new_string(""), g_variant_new_string(file.absoluteString),
                                           g_variant_builder_end(options)]
        g_dbus_connection_call(connection, Self.portal, Self.portalPath, "org.freedesktop.portal.Wallpaper", "SetWallpaperURI",
                               g_variant_new_tuple(&arguments, 3), nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, AsyncReply.callback,
                               AsyncReply.userData { [weak self] source, result in
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            if let reply { g_variant_unref(reply) }
            guard let error else { return }
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            self?.finish(.failed(L10n.format("The desktop could not set the background: %1$s", message)))
        })
    }

    /// `Response(u response, a{sv} results)`: 0 done, 1 the person said no, 2 it failed.
    private func responded(_ parameters: OpaquePointer?) {
        guard let parameters, String(cString: g_variant_get_type_string(parameters)) == "(ua{sv})" else { return }
        let code = g_variant_get_child_value(parameters, 0)!
        defer { g_variant_unref(code) }
        switch g_variant_get_uint32(code) {
        case 0: finish(.set)
        case 1: finish(.cancelled)
        default: finish(.failed(L10n.tr("The desktop could not set the background.")))
        }
    }

    private func finish(_ outcome: Outcome) {
        guard response != nil else { return }
        response?.cancel()
        response = nil
        completion(outcome)
    }

    /// GNOME's own keys, light and dark, filling the screen; false when they are not here.
    private static func setInGNOMESettings(_ file: URL) -> Bool {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.background", 1) else { return false }
        defer { g_settings_schema_unref(schema) }
        guard let settings = g_settings_new_full(schema, nil, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(settings)) }
        var written = g_settings_set_string(settings, "picture-uri", file.absoluteString) != 0
        if g_settings_schema_has_key(schema, "picture-uri-dark") != 0 {
            written = g_settings_set_string(settings, "picture-uri-dark", file.absoluteString) != 0 && written
        }
        _ = g_settings_set_string(settings, "picture-options", "zoom")
        g_settings_sync()
        return written
    }
}
