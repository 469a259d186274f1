import CGtk

/// The viewer's controls: page buttons, zoom buttons around the level (which opens the zoom
/// menu, `ViewerZoomMenu`), and the same set floating over the picture in fullscreen. Every button is a
/// `ViewerAction`, so buttons, keys and menus stay in step.
extension ViewerWindow {
    func navigationButtons() -> [UnsafeMutablePointer<GtkWidget>] {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "linked")
        gtk_box_append(box.cast(), ViewerButtons.icon("go-previous-symbolic", label: L10n.tr("Previous"), action: ViewerAction.previous.detailedName))
        gtk_box_append(box.cast(), ViewerButtons.icon("go-next-symbolic", label: L10n.tr("Next"), action: ViewerAction.next.detailedName))
        return [box]
    }

    func zoomControls() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "linked")
        let menu = ViewerZoomMenu { [weak self] level in self?.zoom(toLevel: level) }
        zoomMenus.append(menu)
        gtk_box_append(box.cast(), ViewerButtons.icon("zoom-out-symbolic", label: L10n.tr("Zoom Out"), action: ViewerAction.zoomOut.detailedName))
        gtk_box_append(box.cast(), menu.button)
        gtk_box_append(box.cast(), ViewerButtons.icon("zoom-in-symbolic", label: L10n.tr("Zoom In"), action: ViewerAction.zoomIn.detailedName))
        return box
    }

    /// The same controls for fullscreen, floating over the image.
    func fullscreenControls() -> UnsafeMutablePointer<GtkWidget> {
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(bar, "osd")
        gtk_widget_add_css_class(bar, "toolbar")
        gtk_widget_add_css_class(bar, "viewer-fullscreen-controls")
        gtk_widget_set_margin_top(bar, 12)
        for widget in navigationButtons() { gtk_box_append(bar.cast(), widget) }
        gtk_box_append(bar.cast(), zoomControls())
        gtk_box_append(bar.cast(), ViewerButtons.shareMenu())
        gtk_box_append(bar.cast(), slideshowControls.widget)
        gtk_box_append(bar.cast(), ViewerButtons.icon(
            "view-restore-symbolic", label: L10n.tr("Leave Fullscreen"), action: ViewerAction.leaveFullscreen.detailedName))
        return bar
    }
}
