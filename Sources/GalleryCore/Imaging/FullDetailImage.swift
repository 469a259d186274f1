import CGtk
import GObjectSupport

/// Every pixel of one page, upright, handed to GTK a tile at a time.
///
/// One texture of a 50-megapixel photo would exceed the GPU's largest texture side and hold a
/// second full copy in the renderer; textures of the tiles on screen (each sharing the decoded
/// pixels, no copy) cost only what is visible. Immutable, so safe to share across threads.
public final class FullDetailImage: @unchecked Sendable {
    /// Source pixels per tile side: a 1920×1080 viewport at 100 % touches at most 5 × 4 tiles.
    public static let tileSide = 512

    public let size: PixelSize
    private let bytes: OpaquePointer // GBytes over the pixbuf's pixels, holding the pixbuf alive
    private let rowStride: Int
    private let bytesPerPixel: Int
    private let format: GdkMemoryFormat
    public let isOpaque: Bool

    init(pixbuf: ObjectReference) {
        let pointer = OpaquePointer(pixbuf.pointer)
        size = PixelSize(width: Int(gdk_pixbuf_get_width(pointer)), height: Int(gdk_pixbuf_get_height(pointer)))
        rowStride = Int(gdk_pixbuf_get_rowstride(pointer))
        bytesPerPixel = Int(gdk_pixbuf_get_n_channels(pointer))
        isOpaque = gdk_pixbuf_get_has_alpha(pointer) == 0
        format = isOpaque ? GDK_MEMORY_R8G8B8 : GDK_MEMORY_R8G8B8A8
        // The GBytes owns a reference to the pixbuf, released when the last tile texture goes.
        g_object_ref(pixbuf.pointer)
        bytes = g_bytes_new_with_free_func(
            gdk_pixbuf_get_pixels(pointer), gsize(gdk_pixbuf_get_byte_length(pointer)),
            { g_object_unref($0) }, pixbuf.pointer)
    }

    deinit { g_bytes_unref(bytes) }

    /// What the pixels weigh in memory.
    public var byteCost: Int { Int(g_bytes_get_size(bytes)) }

    public var columns: Int { (size.width + Self.tileSide - 1) / Self.tileSide }
    public var rows: Int { (size.height + Self.tileSide - 1) / Self.tileSide }

    /// The source rectangle of tile (`column`, `row`): `tileSide` square, smaller at the edges.
    public func tileFrame(column: Int, row: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let x = column * Self.tileSide, y = row * Self.tileSide
        return (x, y, min(Self.tileSide, size.width - x), min(Self.tileSide, size.height - y))
    }

    /// A texture of one tile over the shared pixels (no copy; the renderer uploads only it).
    public func tile(column: Int, row: Int) -> TextureHandle {
        let frame = tileFrame(column: column, row: row)
        let offset = frame.y * rowStride + frame.x * bytesPerPixel
        let length = (frame.height - 1) * rowStride + frame.width * bytesPerPixel
        let region = g_bytes_new_from_bytes(bytes, gsize(offset), gsize(length))
        defer { g_bytes_unref(region) }
        let texture = gdk_memory_texture_new(gint(frame.width), gint(frame.height), format, region, gsize(rowStride))!
        return TextureHandle(taking: texture, isOpaque: isOpaque)
    }
}
