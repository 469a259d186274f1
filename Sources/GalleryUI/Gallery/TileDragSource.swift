import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// Drags a tile out of the grid to another app: its link, and its picture as far as it is in
/// memory (the thumbnail; the viewer offers the full picture). A selected tile in selection mode
/// takes the whole selection along: every link, one per line.
@MainActor
enum TileDragSource {
    static func attach(to grid: GalleryGrid, images: ImageRepository) {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        Signal.connect(source, .prepare) { [weak grid] source, x, y in
            guard let grid, let source, !ImageDragContent.isTouch(OpaquePointer(source)),
                  let child = gtk_flow_box_get_child_at_pos(grid.flowBox.opaque, Int32(x), Int32(y)),
                  let index = grid.tiles.index(of: UnsafeMutableRawPointer(child)),
                  let item = grid.items[safe: index], let url = item.url else { return nil }
            let thumbnail = images.cachedThumbnail(for: url, side: grid.planner.thumbnailSide)?.texture
            if grid.isSelecting, grid.selection.contains(item.id), grid.selection.count > 1 {
                if let thumbnail { gtk_drag_source_set_icon(OpaquePointer(source), thumbnail.texture, 16, 16) }
                return UnsafeMutableRawPointer(ImageDragContent.provider(urls: grid.selectedItems.compactMap(\.url), texture: nil))
            }
            if let thumbnail { gtk_drag_source_set_icon(OpaquePointer(source), thumbnail.texture, 16, 16) }
            return UnsafeMutableRawPointer(ImageDragContent.provider(url: url, texture: thumbnail))
        }
        gtk_widget_add_controller(grid.flowBox, source.opaque)
    }
}
