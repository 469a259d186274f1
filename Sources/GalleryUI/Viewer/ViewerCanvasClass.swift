import CGtk
import GObjectSupport

/// Registers the GType behind `ViewerCanvas` once per process.
enum ViewerCanvasClass {
    static let ownerKey = "link-gallery-viewer-canvas"

    static let gtype: GType = g_type_register_static_simple(
        gtk_widget_get_type(), "LinkGalleryViewerCanvas",
        guint(MemoryLayout<GtkWidgetClass>.size), classInit,
        guint(MemoryLayout<GtkWidget>.size), nil, GTypeFlags(rawValue: 0))

    private static let classInit: GClassInitFunc = { klass, _ in
        let widgetClass = klass!.assumingMemoryBound(to: GtkWidgetClass.self)
        widgetClass.pointee.snapshot = { widget, snapshot in
            // GTK calls vfuncs on the main thread; the pointers never leave it.
            nonisolated(unsafe) let widget = widget, snapshot = snapshot
            MainActor.assumeIsolated {
                guard let snapshot else { return }
                ViewerCanvas.owner(of: widget)?.draw(snapshot)
            }
        }
        // No chaining up: a childless widget has nothing to allocate; we only need the new size.
        widgetClass.pointee.size_allocate = { widget, _, _, _ in
            nonisolated(unsafe) let widget = widget
            MainActor.assumeIsolated { ViewerCanvas.owner(of: widget)?.viewportChanged() }
        }
        gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_IMG)
        gtk_widget_class_set_css_name(widgetClass, "viewercanvas")
    }
}
