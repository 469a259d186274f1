import CGtk
import CShims
import GObjectSupport

/// The crop over the picture: outside the kept part dimmed, a frame with thirds and eight
/// handles, drawn where the canvas draws the picture (`zoom` maps its pixels to the widget).
/// A drag — mouse, pen or finger — takes a handle or the inside; arrows move the frame, with
/// Shift they move its bottom-right corner; Return saves, Escape cancels. Lying over the
/// canvas, it takes every press, so the picture neither pans nor turns while cropped.
@MainActor
final class CropOverlay {
    let widget: UnsafeMutablePointer<GtkWidget>
    private(set) var model: CropModel
    private let zoom: @MainActor () -> ZoomModel?
    private var dragged: (handle: CropModel.Handle, start: CropModel.Rect)?
    /// The frame moved or was resized; Return, Escape.
    var onChange: (@MainActor () -> Void)?
    var onSave: (@MainActor () -> Void)?
    var onCancel: (@MainActor () -> Void)?

    /// How far from a handle a press still takes it, in screen pixels: a fingertip's width.
    static let grabDistance = 24.0
    private static let ownerKey = "link-gallery-crop-overlay"

    init(model: CropModel, zoom: @escaping @MainActor () -> ZoomModel?) {
        self.model = model
        self.zoom = zoom
        widget = gtk_drawing_area_new()
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_add_css_class(widget, "crop-overlay")
        gtk_drawing_area_set_draw_func(widget.cast(), Self.draw, nil, nil)
        AttachedObject.attachWeakly(self, to: widget, key: Self.ownerKey)

        let drag = gtk_gesture_drag_new()!
        Signal.connect(drag, .dragBegin) { [weak self] (x: Double, y: Double) in self?.begin(x: x, y: y) }
        Signal.connect(drag, .dragUpdate) { [weak self] (dx: Double, dy: Double) in self?.update(dx: dx, dy: dy) }
        Signal.connect(drag, .dragEnd) { [weak self] (_: Double, _: Double) in self?.dragged = nil }
        gtk_widget_add_controller(widget, drag)
        addKeys()
        describe()
    }

    /// The picture moved or was scaled under the frame (the window resized, the crop's margin).
    func redraw() {
        gtk_widget_queue_draw(widget)
    }

    func setAspect(_ aspect: CropModel.Aspect) {
        model.setAspect(aspect)
        changed()
    }

    private func begin(x: Double, y: Double) {
        gtk_widget_grab_focus(widget)
        guard let zoom = zoom() else { return }
        let point = zoom.imagePoint(at: .init(x: x, y: y))
        guard let handle = model.handle(at: (point.x, point.y), tolerance: Self.grabDistance / zoom.scale) else { return }
        dragged = (handle, model.rect)
    }

    private func update(dx: Double, dy: Double) {
        guard let dragged, let zoom = zoom() else { return }
        model.drag(dragged.handle, from: dragged.start, dx: dx / zoom.scale, dy: dy / zoom.scale)
        changed()
    }

    /// A step of the keys: a hundredth of the picture's longer side, at least a pixel.
    private var keyStep: Double { max(1, max(model.width, model.height) / 100) }

    private func addKeys() {
        let controller = gtk_shortcut_controller_new()!
        func add(_ key: String, _ action: @escaping @MainActor () -> Void) {
            let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(key), ShortcutCallback.make { action(); return true })
            gtk_shortcut_controller_add_shortcut(controller.opaque, shortcut)
        }
        for (key, x, y) in [("Left", -1.0, 0.0), ("Right", 1, 0), ("Up", 0, -1), ("Down", 0, 1)] {
            add(key) { [weak self] in self?.nudge(.inside, x: x, y: y) }
            add("<Shift>" + key) { [weak self] in self?.nudge(.bottomRight, x: x, y: y) }
        }
        for key in ["Return", "KP_Enter"] { add(key) { [weak self] in self?.onSave?() } }
        add("Escape") { [weak self] in self?.onCancel?() }
        gtk_widget_add_controller(widget, controller)
    }

    private func nudge(_ handle: CropModel.Handle, x: Double, y: Double) {
        model.drag(handle, from: model.rect, dx: x * keyStep, dy: y * keyStep)
        changed()
    }

    private func changed() {
        gtk_widget_queue_draw(widget)
        describe()
        onChange?()
    }

    /// What a screen reader says: the size kept and where.
    private func describe() {
        let kept = model.pixels
        // Translators: the crop frame for a screen reader: its size in pixels, then its position.
        shim_accessible_set_label(widget.opaque, L10n.format("Crop: %1$s × %2$s pixels at %3$s, %4$s", String(kept.width),
                                                             String(kept.height), String(kept.x), String(kept.y)))
    }

    /// `GtkDrawingAreaDrawFunc`: the owner found through the widget, on the main thread.
    private static let draw: GtkDrawingAreaDrawFunc = { area, cairo, width, height, _ in
        guard let area, let cairo else { return }
        // GTK draws on the main thread; the pointers cross into its isolation as addresses.
        let widgetAddress = Int(bitPattern: UnsafeMutableRawPointer(area)), cairoAddress = Int(bitPattern: UnsafeMutableRawPointer(cairo))
        MainActor.assumeIsolated {
            guard let widget = UnsafeMutablePointer<GtkWidget>(bitPattern: widgetAddress), let cairo = OpaquePointer(bitPattern: cairoAddress),
                  let owner: CropOverlay = AttachedObject.object(of: widget, key: ownerKey), let zoom = owner.zoom() else { return }
            owner.paint(cairo, zoom: zoom, width: Double(width), height: Double(height))
        }
    }

    private func paint(_ cairo: OpaquePointer, zoom: ZoomModel, width: Double, height: Double) {
        let rect = model.rect
        let x = zoom.offset.x + rect.x * zoom.scale, y = zoom.offset.y + rect.y * zoom.scale
        let w = rect.width * zoom.scale, h = rect.height * zoom.scale
        // Outside the frame, dimmed: the whole area less the frame (even-odd).
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_rectangle(cairo, 0, 0, width, height)
        cairo_rectangle(cairo, x, y, w, h)
        cairo_set_source_rgba(cairo, 0, 0, 0, 0.55)
        cairo_fill(cairo)
        // Thirds, then the frame, then the handles.
        cairo_set_source_rgba(cairo, 1, 1, 1, 0.5)
        cairo_set_line_width(cairo, 1)
        for third in [1.0 / 3, 2.0 / 3] {
            cairo_move_to(cairo, x + w * third, y)
            cairo_line_to(cairo, x + w * third, y + h)
            cairo_move_to(cairo, x, y + h * third)
            cairo_line_to(cairo, x + w, y + h * third)
        }
        cairo_stroke(cairo)
        cairo_set_source_rgba(cairo, 1, 1, 1, 1)
        cairo_set_line_width(cairo, 2)
        cairo_rectangle(cairo, x, y, w, h)
        cairo_stroke(cairo)
        for (hx, hy) in [(x, y), (x + w / 2, y), (x + w, y), (x + w, y + h / 2), (x + w, y + h), (x + w / 2, y + h), (x, y + h), (x, y + h / 2)] {
            cairo_arc(cairo, hx, hy, 6, 0, 2 * Double.pi)
            cairo_fill(cairo)
        }
    }
}
