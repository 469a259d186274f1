import CGtk
import GObjectSupport

/// The filmstrip in the window: chosen by its header button or Ctrl+F9 (remembered), below the
/// picture in a window; in fullscreen over the picture's bottom, out of the way until the
/// pointer or a tap brings the controls back, so the picture does not jump as it comes and goes.
extension ViewerWindow {
    func setUpFilmstrip(shown: Bool) {
        filmstrip.onJump = { [weak self] index in self?.jump(to: index) }
        chrome.onChange = { [weak self] in self?.placeFilmstrip() }
        chrome.keepControlsWhileHovering(filmstrip.revealer)
        filmstrip.isChosen = shown
        setState(.filmstrip, shown)
        placeFilmstrip()
    }

    func setFilmstripShown(_ shown: Bool) {
        filmstrip.isChosen = shown
        settings?.filmstripShown = shown
        setState(.filmstrip, shown)
        placeFilmstrip()
    }

    /// A cell of the strip was chosen: that page, as a jump (no slide from a neighbour).
    private func jump(to index: Int) {
        go { $0.go(to: index) } // a running show hears of it there
        gtk_widget_grab_focus(canvas.widget)
    }

    func placeFilmstrip() {
        let fullscreen = chrome.isFullscreen
        let strip = filmstrip.revealer
        let parent = gtk_widget_get_parent(strip)
        let wanted = fullscreen ? overlay : pictureColumn
        if parent != wanted {
            g_object_ref(strip.rawPointer)
            if let parent {
                if parent == overlay { gtk_overlay_remove_overlay(overlay.opaque, strip) } else { gtk_box_remove(parent.cast(), strip) }
            }
            // Back under the picture, above the narrow layout's bar.
            if fullscreen { gtk_overlay_add_overlay(overlay.opaque, strip) } else { gtk_box_insert_child_after(pictureColumn.cast(), strip, overlay) }
            g_object_unref(strip.rawPointer)
        }
        filmstrip.setRevealed(filmstrip.isChosen && (!fullscreen || chrome.controlsRevealed))
        narrow.setFullscreen(fullscreen)
    }
}
