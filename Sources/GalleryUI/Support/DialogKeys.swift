import CGtk

/// Keys every small window of the app answers as a dialog does.
@MainActor
enum DialogKeys {
    /// Escape closes `window` (a plain GtkWindow does not do it by itself).
    static func closeOnEscape(_ window: UnsafeMutablePointer<GtkWidget>) {
        let controller = gtk_shortcut_controller_new()!
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("window.close"))
        gtk_shortcut_controller_add_shortcut(controller.opaque, shortcut)
        gtk_widget_add_controller(window, controller)
    }
}
