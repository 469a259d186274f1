import CGtk

/// The size of a window to open at next time: what the person gave it, not a maximized or
/// fullscreen one's (the window manager's, which the next window would take as its own).
enum RestorableSize {
    static func of(_ window: UnsafeMutablePointer<GtkWidget>) -> (width: Int, height: Int)? {
        guard gtk_window_is_maximized(window.cast()) == 0, gtk_window_is_fullscreen(window.cast()) == 0 else { return nil }
        var width: gint = 0, height: gint = 0
        gtk_window_get_default_size(window.cast(), &width, &height)
        return width > 0 && height > 0 ? (Int(width), Int(height)) : nil
    }
}
