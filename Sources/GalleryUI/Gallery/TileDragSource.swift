import CGtk
import Foundation
import GalleryCore

/// Drags a tile out of the grid to another app: its link, and its picture as far as it is in
/// memory (the thumbnail; the viewer offers the full picture).
@MainActor
enum TileDragSource {
    private final class Lookup: @unchecked Sendable { // touched on the main thread only
        let content: @MainActor (Double, Double) -> (provider: UnsafeMutablePointer<GdkContentProvider>, icon: TextureHandle?)?
        init(_ content: @escaping @MainActor (Double, Double) -> (provider: UnsafeMutablePointer<GdkContentProvider>, icon: TextureHandle?)?) {
            self.content = content
        }
    }

    static func attach(to grid: GalleryGrid, images: ImageRepository) {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        let lookup = Lookup { [weak grid] x, y in
            guard let grid,
                  let child = gtk_flow_box_get_child_at_pos(grid.flowBox.opaque, Int32(x), Int32(y)),
                  let index = grid.tiles.index(of: UnsafeMutableRawPointer(child)),
                  let url = grid.items[safe: index]?.url else { return nil }
            let thumbnail = images.cachedThumbnail(for: url)?.texture
            return (ImageDragContent.provider(url: url, texture: thumbnail), thumbnail)
        }
        let prepare: @convention(c) (gpointer?, Double, Double, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>? = { source, x, y, data in
            let lookup = Unmanaged<Lookup>.fromOpaque(data!).takeUnretainedValue()
            nonisolated(unsafe) let source = source!
            // As an address: pointers are not Sendable, and this stays on the main thread.
            let provider = MainActor.assumeIsolated { () -> Int in
                guard !ImageDragContent.isTouch(OpaquePointer(source)), let content = lookup.content(x, y) else { return 0 }
                if let icon = content.icon {
                    gtk_drag_source_set_icon(OpaquePointer(source), icon.texture, 16, 16)
                }
                return Int(bitPattern: content.provider)
            }
            return UnsafeMutablePointer(bitPattern: provider)
        }
        g_signal_connect_data(source.rawPointer, "prepare", unsafeBitCast(prepare, to: GCallback.self),
                              Unmanaged.passRetained(lookup).toOpaque(),
                              { data, _ in if let data { Unmanaged<Lookup>.fromOpaque(data).release() } },
                              GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(grid.flowBox, source.opaque)
    }
}
