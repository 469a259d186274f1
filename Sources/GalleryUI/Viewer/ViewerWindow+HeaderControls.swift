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

    /// The header's end as a wide window shows it, left to right.
    func wideHeaderControls() -> [UnsafeMutablePointer<GtkWidget>] {
        [zoomControls(), filmstripToggle(), propertiesToggle(),
         ViewerButtons.icon("media-playback-start-symbolic", label: L10n.tr("Slideshow"), action: ViewerAction.slideshow.detailedName),
         ViewerButtons.icon("view-fullscreen-symbolic", label: L10n.tr("Fullscreen"), action: ViewerAction.fullscreen.detailedName),
         ViewerButtons.pictureMenu(), ViewerButtons.shareMenu()]
    }

    /// The bar under the picture of a narrow window: zoom, filmstrip, properties, share.
    func bottomBarControls() -> [UnsafeMutablePointer<GtkWidget>] {
        [zoomControls(), filmstripToggle(), propertiesToggle(), ViewerButtons.shareMenu()]
    }

    private func filmstripToggle() -> UnsafeMutablePointer<GtkWidget> {
        ViewerButtons.toggle("view-grid-symbolic", label: L10n.tr("Filmstrip"), action: ViewerAction.filmstrip.detailedName)
    }

    private func propertiesToggle() -> UnsafeMutablePointer<GtkWidget> {
        let button = ViewerButtons.toggle("document-properties-symbolic", label: L10n.tr("Image Properties"),
                                          action: ViewerAction.properties.detailedName)
        propertiesButtons.append(button)
        return button
    }

    /// The same controls for fullscreen, floating over the image.
    func fullscreenControls() -> UnsafeMutablePointer<GtkWidget> {
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(bar, "osd")
        gtk_widget_add_css_class(bar, "toolbar")
        gtk_widget_add_css_class(bar, "viewer-fullscreen-controls")
        gtk_widget_set_margin_top(bar, 12)
        for widget in navigationButtons() { gtk_box_append(bar.cast(), widget) }
        let zoom = zoomControls()
        narrow.hideWhenNarrow(zoom)
        gtk_box_append(bar.cast(), zoom)
        gtk_box_append(bar.cast(), ViewerButtons.shareMenu())
        gtk_box_append(bar.cast(), slideshowControls.widget)
        gtk_box_append(bar.cast(), ViewerButtons.icon(
            "view-restore-symbolic", label: L10n.tr("Leave Fullscreen"), action: ViewerAction.leaveFullscreen.detailedName))
        return bar
    }
}
