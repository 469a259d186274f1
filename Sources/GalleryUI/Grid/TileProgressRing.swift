import CGtk
import CShims
import Foundation
import GObjectSupport

/// A small ring that fills as a tile's original downloads, shown instead of the spinner once a
/// download has taken a second and the server declared its size: on a slow network a person
/// sees which tiles are moving and how far. Drawn with cairo in the label colour (a track at a
/// quarter of it), so it follows the light and dark styles.
@MainActor
final class TileProgressRing {
    static let side: Int32 = 28
    let widget: UnsafeMutablePointer<GtkWidget>

    init() {
        widget = gtk_drawing_area_new()
        gtk_widget_set_size_request(widget, Self.side, Self.side)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_add_css_class(widget, "tile-progress")
        gtk_drawing_area_set_draw_func(widget.cast(), Self.draw, nil, nil)
    }

    /// Shows `fraction` (0–1) of the ring filled; the accessible name says it in percent.
    func show(fraction: Double) {
        let permille = Int(max(0, min(1, fraction)) * 1000)
        g_object_set_data(widget.gobject, Self.fractionKey, UnsafeMutableRawPointer(bitPattern: permille + 1))
        // Translators: what a screen reader says for a grid tile's download ring: "Downloading: 40 %".
        shim_accessible_set_label(widget.opaque, L10n.format("Downloading: %1$s %%", String(permille / 10)))
        gtk_widget_set_visible(widget, 1)
        gtk_widget_queue_draw(widget)
    }

    func hide() { gtk_widget_set_visible(widget, 0) }

    var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

    private static let fractionKey = "link-gallery-progress-permille"

    /// `GtkDrawingAreaDrawFunc`; the fraction rides on the widget (plus one, so 0 % is not NULL).
    private static let draw: GtkDrawingAreaDrawFunc = { area, cairo, width, height, _ in
        guard let area, let cairo else { return }
        let stored = Int(bitPattern: g_object_get_data(UnsafeMutableRawPointer(area).assumingMemoryBound(to: GObject.self),
                                                       fractionKey))
        let fraction = Double(max(0, stored - 1)) / 1000
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)), &color)
        let lineWidth = 3.0
        let radius = (Double(min(width, height)) - lineWidth) / 2
        let centerX = Double(width) / 2, centerY = Double(height) / 2
        cairo_set_line_width(cairo, lineWidth)
        cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha) * 0.25)
        cairo_arc(cairo, centerX, centerY, radius, 0, 2 * Double.pi)
        cairo_stroke(cairo)
        guard fraction > 0 else { return }
        cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_arc(cairo, centerX, centerY, radius, -Double.pi / 2, -Double.pi / 2 + 2 * Double.pi * fraction)
        cairo_stroke(cairo)
    }
}
