import CGtk
import GObjectSupport

/// Follows the desktop's light/dark preference through the XDG Settings portal
/// (`org.freedesktop.appearance` `color-scheme`: 0 no preference, 1 dark, 2 light).
/// Without a portal (a bare X session, tests) the preference is light.
@MainActor
final class SystemColorSchemeMonitor {
    private(set) var prefersDark = false
    private var proxy: UnsafeMutablePointer<GDBusProxy>?
    private let onChange: @MainActor (Bool) -> Void

    init(onChange: @escaping @MainActor (Bool) -> Void) {
        self.onChange = onChange
        // Synchronous but bounded: the portal answers in milliseconds or is absent (no
        // activation with DO_NOT_AUTO_START), and the first frame must already have the right colours.
        let flags = GDBusProxyFlags(G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START.rawValue | G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES.rawValue)
        proxy = g_dbus_proxy_new_for_bus_sync(
            G_BUS_TYPE_SESSION, flags, nil, "org.freedesktop.portal.Desktop",
            "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings", nil, nil)
        guard let proxy, g_dbus_proxy_get_name_owner(proxy).map({ g_free($0); return true }) ?? false else { return }
        prefersDark = readPreference(proxy) == 1
        Signal.connect(proxy, .dbusSignal) { [weak self] _, signalName, parameters in
            // SettingChanged (namespace, key, value) for every setting the desktop has; only the
            // colour scheme matters, and its value comes with the signal (no blocking call).
            guard let self, let signalName, let parameters,
                  String(cString: signalName.assumingMemoryBound(to: CChar.self)) == "SettingChanged",
                  let value = Self.colorScheme(inSettingChanged: OpaquePointer(parameters)) else { return }
            let dark = value == 1
            if dark != self.prefersDark {
                self.prefersDark = dark
                self.onChange(dark)
            }
        }
    }

    /// The value of `SettingChanged('org.freedesktop.appearance', 'color-scheme', <u>)`, else nil.
    private static func colorScheme(inSettingChanged parameters: OpaquePointer) -> UInt32? {
        guard String(cString: g_variant_get_type_string(parameters)) == "(ssv)" else { return nil }
        func string(at index: Int) -> String {
            let child = g_variant_get_child_value(parameters, gsize(index))!
            defer { g_variant_unref(child) }
            return String(cString: g_variant_get_string(child, nil))
        }
        guard string(at: 0) == "org.freedesktop.appearance", string(at: 1) == "color-scheme" else { return nil }
        return uint32(unwrapping: g_variant_get_child_value(parameters, 2))
    }

    private func readPreference(_ proxy: UnsafeMutablePointer<GDBusProxy>) -> UInt32? {
        var arguments: [OpaquePointer?] = [g_variant_new_string("org.freedesktop.appearance"), g_variant_new_string("color-scheme")]
        let parameters = g_variant_new_tuple(&arguments, 2)
        guard let reply = g_dbus_proxy_call_sync(proxy, "Read", parameters, G_DBUS_CALL_FLAGS_NONE, 500, nil, nil) else {
            return nil
        }
        defer { g_variant_unref(reply) }
        return Self.uint32(unwrapping: g_variant_get_child_value(reply, 0))
    }

    /// Takes `variant` (owned) and returns the `u` inside, through any number of `v` wrappings:
    /// portal versions differ in how deep they wrap the value.
    private static func uint32(unwrapping variant: OpaquePointer?) -> UInt32? {
        var value = variant
        while let current = value, String(cString: g_variant_get_type_string(current)) == "v" {
            value = g_variant_get_variant(current)
            g_variant_unref(current)
        }
        guard let value else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_type_string(value)) == "u" ? g_variant_get_uint32(value) : nil
    }
}
