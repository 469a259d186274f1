// bare-grid: the reference for the scrolling rows of tools/bench. What GTK 4 itself costs to
// scroll a grid like the gallery's on this machine: a GtkGridView (GTK's own recycling grid) of
// 10,000 cells, each a GtkPicture of a 126 px texture (the app's thumbnail size) made in memory before the first frame, in
// a maximized 1920×1080 window. Nothing loads, decodes or changes while it scrolls, so its stalls
// are the floor that rendering alone sets (with llvmpipe, the CPU's share of every frame).
// Built by the same toolchain and in the same configuration as link-gallery (tools/bench).
//
//   bare-grid [CELLS]   (default 10,000; the warm-start context uses 200, the app's first screen)
//   bare-grid --filter FILE
//               the reference for filtering as you type: one cell per line of FILE under a
//               GtkSearchEntry that has the focus, filtered by GTK's own GtkFilterListModel and
//               GtkStringFilter (substring, ignoring case); prints "filter-begin <ms>" when the
//               entry's text reaches the filter and "filter-painted <ms> <cells shown>" at the
//               next frame painted
//               prints "startup", "present", "first-layout-done" and "first-frame", each with
//               its CLOCK_MONOTONIC ms (the app's trace events of the same names); then, until it
//               is terminated, "frame <CLOCK_MONOTONIC ms>" after every frame painted, and
//               "stall-ms <CLOCK_MONOTONIC ms> <ms>" whenever its main loop ran a 5 ms tick 8 ms
//               or more late: the app's `frame` and `stall-ms` trace events, measured the same way.
import BenchReferenceSupport
import CGtk
import Foundation
import GObjectSupport

/// `--filter FILE`: the lines of FILE, filtered as the person types.
let filterLines: [String]? = {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.first == "--filter", arguments.count == 2,
          let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else { return nil }
    return text.split(separator: "\n").map(String.init)
}()
/// The cells: 10,000 unless the first argument says otherwise.
let cellCount = filterLines?.count ?? CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
let distinctTextures = 200
let textureSide = 126

/// Opaque RGB gradients that differ per index, as thumbnails do.
func makeTextures() -> [OpaquePointer] {
    (0..<distinctTextures).map { index in
        var pixels = [UInt8](repeating: 0, count: textureSide * textureSide * 3)
        for y in 0..<textureSide {
            for x in 0..<textureSide {
                let offset = (y * textureSide + x) * 3
                pixels[offset] = UInt8(truncatingIfNeeded: x * 2 + index)
                pixels[offset + 1] = UInt8(truncatingIfNeeded: y * 2 + index * 3)
                pixels[offset + 2] = UInt8(truncatingIfNeeded: (x ^ y) + index * 7)
            }
        }
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(gint(textureSide), gint(textureSide), GDK_MEMORY_R8G8B8, bytes, gsize(textureSide * 3))!
    }
}

let stallTick = MainLoopSource()

/// A 5 ms tick that reports how late it ran, as the app's PerformanceTrace does.
@MainActor
func watchStalls() {
    var expected = monotonicMilliseconds() + 5
    stallTick.every(milliseconds: 5) {
        let now = monotonicMilliseconds()
        let lateness = now - expected
        expected = now + 5
        if lateness >= 8 { emit(String(format: "stall-ms %.3f %.1f", now, lateness)) }
        return true
    }
}

@MainActor
func makeGrid(textures: [OpaquePointer]) -> UnsafeMutablePointer<GtkWidget> {
    let strings = gtk_string_list_new(nil)!
    for index in 0..<cellCount { gtk_string_list_append(strings, filterLines?[index] ?? "\(index)") }
    let factory = gtk_signal_list_item_factory_new()!
    Signal.connect(factory, .setup) { (item: UnsafeMutableRawPointer?) in
        let picture = gtk_picture_new()!
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_COVER)
        gtk_widget_set_size_request(picture, 94, 94)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(picture, 3)
        }
        gtk_list_item_set_child(OpaquePointer(item), picture)
    }
    Signal.connect(factory, .bind) { (item: UnsafeMutableRawPointer?) in
        let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
        gtk_picture_set_paintable(gtk_list_item_get_child(OpaquePointer(item)).opaque, textures[position % textures.count])
    }
    let filtered = filterLines == nil ? nil : makeFilter(strings)
    let selection = gtk_no_selection_new(filtered?.model ?? strings.opaque)
    let grid = gtk_grid_view_new(selection, factory)!
    gtk_grid_view_set_max_columns(grid.opaque, 1000)
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(scrolled.opaque, grid)
    gtk_widget_set_vexpand(scrolled, 1)
    guard let filtered else { return scrolled }
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(box.cast(), filtered.entry)
    gtk_box_append(box.cast(), scrolled)
    return box
}

/// A search entry whose text filters `strings` through GTK's own filter model.
@MainActor
func makeFilter(_ strings: some GPointer) -> (model: OpaquePointer, entry: UnsafeMutablePointer<GtkWidget>) {
    let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
    let filter = gtk_string_filter_new(expression)!
    gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
    gtk_string_filter_set_ignore_case(filter, 1)
    let model = gtk_filter_list_model_new(strings.opaque, filter.cast())!
    gtk_filter_list_model_set_incremental(model, 0)
    let entry = gtk_search_entry_new()!
    Signal.connect(entry, .searchChanged) {
        emitTime("filter-begin")
        gtk_string_filter_set_search(filter, gtk_editable_get_text(entry.opaque))
        let shown = g_list_model_get_n_items(model.opaque)
        guard let clock = gtk_widget_get_frame_clock(entry) else { return }
        Signal.connectOnce(clock, .afterPaint) { emit(String(format: "filter-painted %.3f %d", monotonicMilliseconds(), shown)) }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
    }
    Signal.connectOnce(entry, .map) { gtk_widget_grab_focus(entry) }
    return (model.opaque, entry)
}

g_unix_signal_add(SIGTERM, { _ in exit(0) }, nil)
exit(ReferenceWindow.run(id: "io.github.linkgallery.BareGrid", title: "Bare grid",
                         content: { makeGrid(textures: makeTextures()) }) { _, clock in
    watchStalls()
    Signal.connect(clock, .afterPaint) { emitTime("frame") }
})
