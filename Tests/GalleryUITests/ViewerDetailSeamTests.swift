import CGtk
import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import XCTest

/// A zoomed photo's full detail is drawn as tiles over its screen-sized picture. At every zoom,
/// panned to the photo's end, the tiles must reach the photo's last rows and meet edge to edge
/// on whole device pixels: a gap or a part-covered edge shows the picture beneath as a seam.
final class ViewerDetailSeamTests: ImageFolderTestCase {
    func testDetailTilesMeetWithoutSeamsAndReachTheLastRowsAtEveryZoom() {
        let images = images!
        MainActor.assumeIsolated {
            // Grey, with a blue band over its last 60 rows (the photo, smaller).
            let url = FolderImageSource.link(for: try! images.jpeg(
                "tall.jpg", width: 3000, height: 2000, rgba: 0x8080_80FF, bandRows: 60, bandRGBA: 0x0000_FFFF))
            let source = FolderImageSource(folder: images.folder)
            let app = GtkTestEnvironment.setUp()
            let viewer = ViewerWindow(application: app, items: [ViewerItem(url: url)], startIndex: 0, source: source)
            gtk_window_set_default_size(viewer.window.cast(), 1000, 720)
            viewer.present()
            defer {
                gtk_window_destroy(viewer.window.cast())
                GtkTestEnvironment.spin(for: 0.05)
            }
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil })
            for scale in [0.59, 0.79, 0.98, 1.0, 1.37, 2.0] {
                viewer.canvas.updateZoom { $0.zoom(to: scale, anchor: .init(x: 0, y: 0)) }
                viewer.canvas.updateZoom { _ = $0.pan(by: .init(x: -100_000, y: -100_000)) }
                XCTAssertTrue(GtkTestEnvironment.spin {
                    guard let detail = viewer.canvas.detail, let visible = viewer.canvas.visibleDetailRegion else { return false }
                    return detail.covers(visible)
                }, "detail for \(scale)")
                guard let detail = viewer.canvas.detail else { continue }
                Self.assertLastRowIsTheBand(detail, zoom: scale)
                Self.assertTilesMeet(Self.drawnTextures(of: viewer.canvas), deviceScale: viewer.canvas.deviceScale, zoom: scale)
            }
        }
    }

    /// The detail's bottom row, read back from its last tile, is the blue band.
    @MainActor
    private static func assertLastRowIsTheBand(_ detail: FullDetailImage, zoom: Double) {
        XCTAssertEqual(detail.sourceRegion.y + detail.sourceRegion.height, 2000, accuracy: 1 / detail.scale,
                       "at \(zoom) the detail reaches the photo's end")
        let frame = detail.tileFrame(column: 0, row: detail.rows - 1)
        let tile = detail.tile(column: 0, row: detail.rows - 1)
        var bytes = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
        withExtendedLifetime(tile) { gdk_texture_download(tile.texture, &bytes, gsize(frame.width * 4)) }
        let last = (frame.height - 1) * frame.width * 4 + (frame.width / 2) * 4 // B8G8R8A8 on little-endian
        XCTAssertGreaterThan(bytes[last], 200, "at \(zoom) the last row is blue")
        XCTAssertLessThan(bytes[last + 2], 40, "at \(zoom) the last row is blue")
    }

    /// Checks the textures drawn after the page's own (the detail tiles): whole device pixels,
    /// no overlap, no gap (they fill their bounding box), and down to the page's bottom edge.
    private static func assertTilesMeet(_ rects: [graphene_rect_t], deviceScale: Double, zoom: Double) {
        guard let page = rects.first else { return XCTFail("nothing drawn at \(zoom)") }
        let tiles = Array(rects.dropFirst())
        XCTAssertFalse(tiles.isEmpty, "detail tiles drawn at \(zoom)")
        func onPixel(_ value: Float) -> Bool { abs(Double(value) * deviceScale - (Double(value) * deviceScale).rounded()) < 1e-3 }
        var area = 0.0
        var box = (minX: Float.infinity, minY: Float.infinity, maxX: -Float.infinity, maxY: -Float.infinity)
        for (index, tile) in tiles.enumerated() {
            let edges = [tile.origin.x, tile.origin.y, tile.origin.x + tile.size.width, tile.origin.y + tile.size.height]
            XCTAssertTrue(edges.allSatisfy(onPixel), "at \(zoom) tile \(index) \(edges) is not on device pixels")
            area += Double(tile.size.width * tile.size.height)
            box = (min(box.minX, edges[0]), min(box.minY, edges[1]), max(box.maxX, edges[2]), max(box.maxY, edges[3]))
            for other in tiles[(index + 1)...] {
                let overlapX = min(edges[2], other.origin.x + other.size.width) - max(edges[0], other.origin.x)
                let overlapY = min(edges[3], other.origin.y + other.size.height) - max(edges[1], other.origin.y)
                XCTAssertFalse(overlapX > 0.01 && overlapY > 0.01, "at \(zoom) tiles overlap")
            }
        }
        XCTAssertEqual(area, Double((box.maxX - box.minX) * (box.maxY - box.minY)), accuracy: 1,
                       "at \(zoom) the tiles leave a gap")
        XCTAssertEqual(Double(box.maxY), Double(page.origin.y + page.size.height), accuracy: 1,
                       "at \(zoom) the tiles reach the page's bottom")
        XCTAssertEqual(Double(box.maxX), Double(page.origin.x + page.size.width), accuracy: 1,
                       "at \(zoom) the tiles reach the page's right edge")
    }

    /// The bounds of every texture the canvas draws, in drawing order, from its real snapshot.
    @MainActor
    private static func drawnTextures(of canvas: ViewerCanvas) -> [graphene_rect_t] {
        let snapshot = gtk_snapshot_new()!
        canvas.draw(snapshot)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return [] }
        defer { gsk_render_node_unref(node) }
        var rects: [graphene_rect_t] = []
        collectTextures(node, into: &rects)
        return rects
    }

    private static func collectTextures(_ node: OpaquePointer, into rects: inout [graphene_rect_t]) {
        switch gsk_render_node_get_node_type(node) {
        case GSK_TEXTURE_NODE:
            var bounds = graphene_rect_t()
            gsk_render_node_get_bounds(node, &bounds)
            rects.append(bounds)
        case GSK_CONTAINER_NODE:
            for index in 0..<gsk_container_node_get_n_children(node) {
                collectTextures(gsk_container_node_get_child(node, index), into: &rects)
            }
        default:
            XCTFail("unexpected render node \(gsk_render_node_get_node_type(node))")
        }
    }
}
