import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// Drags the viewer's picture out to another app: its link, the picture as a file (its
/// original, or its turned copy) and the pixels shown.
///
/// The mouse already drags sideways to turn the page and drags a zoomed picture to pan, so a
/// drag out is one that starts at best fit and goes more up or down than sideways; it is
/// decided once per press, at GTK's drag threshold. Touch never drags out (swipes page).
@MainActor
final class ViewerPictureDragSource {
    /// What to offer for the page on screen, or nil when nothing may be dragged now.
    private let content: @MainActor () -> (url: URL, texture: TextureHandle, file: UnsafeMutablePointer<GdkContentProvider>?)?
    /// Nil until the press has moved past the threshold once; then the decision for this press.
    private var decided: Bool?

    init(
        widget: UnsafeMutablePointer<GtkWidget>,
        content: @escaping @MainActor () -> (url: URL, texture: TextureHandle, file: UnsafeMutablePointer<GdkContentProvider>?)?
    ) {
        self.content = content
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        Signal.connect(source, .begin) { [weak self] (_: UnsafeMutableRawPointer?) in self?.decided = nil }
        Signal.connect(source, .prepare) { [weak self] source, x, y in
            guard let self, let source else { return nil }
            return self.prepare(source: OpaquePointer(source), startX: x, startY: y).map(UnsafeMutableRawPointer.init)
        }
        gtk_widget_add_controller(widget, source.opaque)
    }

    private func prepare(source: OpaquePointer, startX: Double, startY: Double) -> UnsafeMutablePointer<GdkContentProvider>? {
        if decided == nil {
            var x = 0.0, y = 0.0
            let sequence = gtk_gesture_single_get_current_sequence(source)
            let moved = gtk_gesture_get_point(source, sequence, &x, &y) != 0
            decided = moved && !ImageDragContent.isTouch(source) && abs(y - startY) > abs(x - startX)
        }
        guard decided == true, let content = content() else { return nil }
        return ImageDragContent.provider(url: content.url, texture: content.texture, file: content.file)
    }
}
