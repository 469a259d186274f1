import CGtk
@testable import GalleryCore

/// The held pixels of a detail, read back through its tile textures.
struct DetailPixels {
    let detail: FullDetailImage
    private var tiles: [[UInt8]] = []

    init(_ detail: FullDetailImage) {
        self.detail = detail
        for row in 0..<detail.rows {
            for column in 0..<detail.columns {
                let tile = detail.tile(column: column, row: row)
                let frame = detail.tileFrame(column: column, row: row)
                var bytes = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
                withExtendedLifetime(tile) { gdk_texture_download(tile.texture, &bytes, gsize(frame.width * 4)) }
                tiles.append(bytes)
            }
        }
    }

    /// (red, green, blue) of held pixel (`x`, `y`).
    func at(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let side = FullDetailImage.tileSide
        let column = x / side, row = y / side
        let frame = detail.tileFrame(column: column, row: row)
        let offset = ((y - frame.y) * frame.width + (x - frame.x)) * 4
        let bytes = tiles[row * detail.columns + column]
        // GDK_MEMORY_DEFAULT is B8G8R8A8 premultiplied on little-endian machines (opaque here).
        return (bytes[offset + 2], bytes[offset + 1], bytes[offset])
    }
}
