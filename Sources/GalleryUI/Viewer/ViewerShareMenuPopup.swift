import CGtk
import GObjectSupport

/// The viewer's menu of the picture (Share, then its own: `ViewerButtons.contextMenuModel`),
/// popped up where a finger held it.
///
/// A popover needs a parent that places it on every layout; the canvas (a custom widget with no
/// children) does not, so the menu hangs from a transparent menu button laid over the canvas in
/// the viewer's GtkOverlay for as long as it is open, pointing at the finger.
@MainActor
final class ViewerShareMenuPopup {
    private let canvas: UnsafeMutablePointer<GtkWidget>
    private var anchor: UnsafeMutablePointer<GtkWidget>?

    init(canvas: UnsafeMutablePointer<GtkWidget>) {
        self.canvas = canvas
    }

    /// `point` is in canvas coordinates. Returns false when the canvas is not in an overlay.
    @discardableResult
    func popup(at point: ZoomModel.Point) -> Bool {
        guard let overlay = gtk_widget_get_parent(canvas),
              g_type_check_instance_is_a(overlay.rawPointer.assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_overlay_get_type()) != 0 else { return false }
        close()
        let menu = ViewerButtons.contextMenuModel()
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_menu_model(button.opaque, menu.cast())
        g_object_unref(menu.rawPointer)
        // Seen and touched only through its menu: it covers the canvas exactly, unseen.
        gtk_widget_set_opacity(button, 0)
        gtk_widget_set_can_target(button, 0)
        gtk_widget_set_halign(button, GTK_ALIGN_FILL)
        gtk_widget_set_valign(button, GTK_ALIGN_FILL)
        if let inner = gtk_widget_get_first_child(button) { gtk_widget_set_focusable(inner, 0) }
        gtk_overlay_add_overlay(overlay.opaque, button)
        anchor = button
        guard let popover = gtk_menu_button_get_popover(button.opaque) else { return false }
        var rect = GdkRectangle(x: Int32(point.x.rounded()), y: Int32(point.y.rounded()), width: 1, height: 1)
        gtk_popover_set_pointing_to(popover.cast(), &rect)
        Signal.connect(popover, .closed) { [weak self] in
            // Not from inside the popover's own signal: remove the anchor once it has closed.
            MainLoopSource.onceWhenIdle { [weak self] in self?.removeAnchor(button) }
        }
        gtk_menu_button_popup(button.opaque)
        return true
    }

    func close() {
        guard let anchor else { return }
        gtk_menu_button_popdown(anchor.opaque)
        removeAnchor(anchor)
    }

    private func removeAnchor(_ button: UnsafeMutablePointer<GtkWidget>) {
        guard anchor == button, let overlay = gtk_widget_get_parent(button) else { return }
        anchor = nil
        gtk_overlay_remove_overlay(overlay.opaque, button)
    }
}
