import CGtk

/// The layout of a grid cell: at least `TileView.naturalSize` wide (or the width the tile asks
/// for, `TileView.setCellSide`: the person's thumbnail size), and exactly as tall as the FlowBox
/// makes it wide.
///
/// FlowBox gives each child the column width, and the height the child asks for at that
/// width. Asking for the width itself makes every cell square in the very layout that sets the
/// columns, so neither the first frame nor a resize shows a frame of oblong cells (a style
/// rule that followed the measured width was a frame late, and made every tile jump once the
/// window first appeared).
enum SquareCellLayout {
    /// A layout manager for a widget with one child, the cell's frame, which it fills.
    /// The widget takes ownership (`gtk_widget_set_layout_manager`).
    static func make() -> UnsafeMutablePointer<GtkLayoutManager> {
        gtk_custom_layout_new(
            { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
            { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
                // Never less than the frame needs (its margins, a placeholder's message).
                var frameMinimum: Int32 = 0
                if let frame = gtk_widget_get_first_child(widget) {
                    gtk_widget_measure(frame, orientation, forSize, &frameMinimum, nil, nil, nil)
                }
                let square = orientation == GTK_ORIENTATION_VERTICAL && forSize > 0 ? forSize : TileView.naturalSize
                let size = max(frameMinimum, square)
                minimum?.pointee = size
                natural?.pointee = size
                minimumBaseline?.pointee = -1
                naturalBaseline?.pointee = -1
            },
            { widget, width, height, baseline in
                guard let frame = gtk_widget_get_first_child(widget) else { return }
                gtk_widget_allocate(frame, width, height, baseline, nil)
            })
    }
}
