import CGtk
import GObjectSupport
import GalleryCore

/// Crop to a copy: the picture at best fit under a crop frame (`CropOverlay`), its bar
/// (`CropBar`) under the picture; Save Copy… makes the kept part, turned as shown, in a worker (its profile and
/// EXIF kept, orientation reset: `OriginalImageSource.croppedCopy`) and asks where to write it;
/// the original is never touched. Escape, Cancel, a page turn or a turn leave it.
extension ViewerWindow {
    var isCropping: Bool { crop != nil }

    func startCrop() {
        guard crop == nil, case .loaded = store.state(at: paging.index) else { return }
        canvas.updateZoom { $0.zoomToBestFit() }
        guard let size = canvas.zoom?.imageSize else { return }
        let canvas = canvas
        let overlay = CropOverlay(model: CropModel(width: size.width, height: size.height)) { canvas.zoom }
        let bar = CropBar()
        bar.onAspect = { [weak overlay] aspect in overlay?.setAspect(aspect) }
        bar.onCancel = { [weak self] in self?.endCrop() }
        bar.onSave = { [weak self] in self?.saveCrop() }
        overlay.onCancel = { [weak self] in self?.endCrop() }
        overlay.onSave = { [weak self] in self?.saveCrop() }
        gtk_overlay_add_overlay(self.overlay.opaque, overlay.widget)
        gtk_box_insert_child_after(pictureColumn.cast(), bar.widget, self.overlay)
        crop = (overlay, bar)
        gtk_widget_grab_focus(overlay.widget)
        setEnabled(.crop, false)
        // Once the bar took its room: the picture a little inside the canvas, the frame's
        // handles whole at its edges.
        afterNextPaint { [weak self] in self?.fitPictureInsideCropMargin() }
    }

    /// Space left around the picture while cropping, for the handles drawn over its edges.
    static let cropMargin = 16.0

    private func fitPictureInsideCropMargin() {
        guard isCropping else { return }
        canvas.updateZoom { zoom in
            zoom.zoomToBestFit()
            let shown = zoom.displayedSize, room = zoom.viewportSize, margin = Self.cropMargin
            let factor = min(1, (room.width - 2 * margin) / shown.width, (room.height - 2 * margin) / shown.height)
            if factor < 1, factor > 0 { zoom.zoom(to: zoom.scale * factor, anchor: zoom.viewportCenter) }
        }
    }

    func endCrop() {
        guard let (overlay, bar) = crop else { return }
        crop = nil
        gtk_overlay_remove_overlay(self.overlay.opaque, overlay.widget)
        gtk_box_remove(pictureColumn.cast(), bar.widget)
        setEnabled(.crop, currentItem != nil)
        canvas.updateZoom { $0.zoomToBestFit() }
        gtk_widget_grab_focus(canvas.widget)
    }

    /// The kept part in the picture's own pixels: the frame is in the zoom's units, which are
    /// the texture's for a page shown reduced.
    var cropArea: CropArea? {
        guard let model = crop?.overlay.model, case .loaded(let page) = store.state(at: paging.index) else { return nil }
        let source = canvas.turn.turned(width: Double(page.sourceWidth), height: Double(page.sourceHeight))
        let scaleX = source.width / model.width, scaleY = source.height / model.height
        let kept = model.pixels
        return CropArea(x: Int((Double(kept.x) * scaleX).rounded()), y: Int((Double(kept.y) * scaleY).rounded()),
                        width: Int((Double(kept.width) * scaleX).rounded()), height: Int((Double(kept.height) * scaleY).rounded()))
    }

    /// `chooseLocation`: where to save, without the file chooser (tests).
    func saveCrop(chooseLocation: ViewerSaveImage.LocationChooser? = nil) {
        guard let item = currentItem, let area = cropArea else { return }
        let source = store.source, url = item.url, turn = canvas.turn
        // Translators: added to a picture's name for its cropped copy: "photo (cropped).jpg".
        let dialog = ViewerSaveImage(parent: window, item: item, source: source, turnedCopy: { @Sendable in
            try await source.croppedCopy(for: url, turn: turn, crop: area, priority: .interactive)
        }, copyNameSuffix: L10n.tr(" (cropped)"), chooseLocation: chooseLocation) { [weak self] outcome in
            guard let self else { return }
            saveDialog = nil
            switch outcome {
            case .saved(let path):
                endCrop()
                status.showBanner(L10n.format("Saved to %1$s", path))
            case .failed(let reason): status.showBanner(reason)
            case .cancelled: break
            }
        }
        saveDialog = dialog
        dialog.run()
    }
}
