import CGtk
import Foundation
import GObjectSupport

/// Writes what the viewer shows to the trace (`LINK_GALLERY_TRACE`) after every frame that
/// changed it, so touch tests under broadway (no accessibility bus there) can wait for the
/// effect of a gesture: `viewer-view page=<index> image=<w>x<h> level=<1 is 100 %>
/// fit=<1 at best fit> rect=<x,y,w,h of the picture in the canvas> turn=<quarter turns,mirrored> slide=<px>
/// canvas=<x,y,w,h of the canvas in its window's surface>
/// retry=<x,y,w,h of the error page's Retry button in the surface, while it shows>`.
@MainActor
final class ViewerStateTrace {
    private let canvas: ViewerCanvas
    private let page: @MainActor () -> Int
    private let retryButton: @MainActor () -> UnsafeMutablePointer<GtkWidget>?
    private var last = ""

    init?(canvas: ViewerCanvas, page: @escaping @MainActor () -> Int,
          retryButton: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>?) {
        guard PerformanceTrace.shared.isEnabled else { return nil }
        self.canvas = canvas
        self.page = page
        self.retryButton = retryButton
        Signal.connect(canvas.widget, .map) { [weak self] in self?.watchFrames() }
    }

    private func watchFrames() {
        guard let clock = gtk_widget_get_frame_clock(canvas.widget) else { return }
        Signal.connect(clock, .afterPaint) { [weak self] in self?.recordIfChanged() }
    }

    private func recordIfChanged() {
        let line = describe()
        guard line != last else { return }
        last = line
        PerformanceTrace.shared.record(.viewerView, line)
    }

    private func describe() -> String {
        var text = "page=\(page())"
        if let zoom = canvas.zoom {
            let shown = zoom.displayedSize
            text += String(format: " image=%.0fx%.0f level=%.4f fit=%d rect=%.1f,%.1f,%.1f,%.1f turn=%d,%d",
                           zoom.imageSize.width, zoom.imageSize.height, zoom.level, zoom.isBestFit ? 1 : 0,
                           zoom.offset.x, zoom.offset.y, shown.width, shown.height,
                           canvas.turn.quarterTurns, canvas.turn.mirrored ? 1 : 0)
        }
        text += String(format: " slide=%.1f", canvas.slideOffset)
        if let origin = surfaceOrigin(of: canvas.widget) {
            let size = canvas.viewportSize
            text += String(format: " canvas=%.1f,%.1f,%.0f,%.0f", origin.x, origin.y, size.width, size.height)
        }
        if let button = retryButton(), gtk_widget_get_mapped(button) != 0, let origin = surfaceOrigin(of: button) {
            text += String(format: " retry=%.1f,%.1f,%d,%d", origin.x, origin.y,
                           gtk_widget_get_width(button), gtk_widget_get_height(button))
        }
        return text
    }

    /// Where `widget`'s top-left corner is in its window's surface (the page pixels of broadway).
    private func surfaceOrigin(of widget: UnsafeMutablePointer<GtkWidget>) -> ZoomModel.Point? {
        guard let native = gtk_widget_get_native(widget) else { return nil }
        let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        var origin = graphene_point_t(), inNative = graphene_point_t()
        guard gtk_widget_compute_point(widget, nativeWidget, &origin, &inNative) != 0 else { return nil }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        return ZoomModel.Point(x: Double(inNative.x) + dx, y: Double(inNative.y) + dy)
    }
}
