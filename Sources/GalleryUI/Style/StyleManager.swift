import CGtk
import CShims
import GObjectSupport

/// Applies the chosen style (System / Light / Dark) to every window, live.
@MainActor
final class StyleManager {
    private let settings: AppSettings
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    private var systemMonitor: SystemColorSchemeMonitor?

    init(settings: AppSettings) {
        self.settings = settings
        provider = gtk_css_provider_new()
    }

    /// Call after GTK is initialized (in `startup`).
    func start() {
        if let display = gdk_display_get_default() {
            gtk_style_context_add_provider_for_display(
                display, provider.opaque, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
        systemMonitor = SystemColorSchemeMonitor { [weak self] _ in self?.apply() }
        apply()
    }

    var preference: ColorSchemePreference {
        get { settings.colorScheme }
        set {
            settings.colorScheme = newValue
            apply()
        }
    }

    private func apply() {
        let dark = settings.colorScheme.isDark(systemPrefersDark: systemMonitor?.prefersDark ?? false)
        // Setting it, even to the value it has, makes GTK load its theme again: 9 ms at start.
        if let gtkSettings = gtk_settings_get_default(),
           (shim_g_object_get_boolean(gtkSettings.rawPointer, "gtk-application-prefer-dark-theme") != 0) != dark {
            shim_g_object_set_boolean(gtkSettings.rawPointer, "gtk-application-prefer-dark-theme", dark ? 1 : 0)
        }
        gtk_css_provider_load_from_data(provider, Stylesheet.css(dark: dark), -1)
    }
}
