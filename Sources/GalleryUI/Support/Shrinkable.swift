import CGtk
import GObjectSupport

/// A widget's container that asks for no width of its own (a scrolled window scrolled by
/// nobody): it shows the child whole when given its natural width, and clips it when given
/// less. Controls a window shows when it is wide sit in one, so they never hold the window wider
/// than a phone; a narrow layout takes over before a person could see them cut.
enum Shrinkable {
    static func wrapping(_ child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_width(scroller.opaque, 1)
        gtk_scrolled_window_set_propagate_natural_height(scroller.opaque, 1)
        gtk_scrolled_window_set_child(scroller.opaque, child)
        return scroller
    }

    /// The width `widget` asks for to show all of itself.
    static func naturalWidth(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        var minimum: gint = 0, natural: gint = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Int(natural)
    }
}
