import CGtk
import GObjectSupport

/// The pixels of one page finer than its screen-sized picture, upright, handed to GTK a tile at
/// a time: the whole image, or (for a baseline JPEG, `JPEGRegionDecoding`) only the region a
/// zoom shows, with a margin, at the coarsest JPEG scale as fine as the screen.
///
/// One texture of a 50-megapixel photo would exceed the GPU's largest texture side and hold a
/// second full copy in the renderer; textures of the tiles on screen (each sharing the decoded
/// pixels, no copy) cost only what is visible. Immutable, so safe to share across threads.
public final class FullDetailImage: @unchecked Sendable {
    /// Pixels per tile side: a 1920×1080 viewport at 100 % touches at most 5 × 4 tiles.
    public static let tileSide = 512

    /// The whole image, upright, in source pixels.
    public let size: PixelSize
    /// The pixels held: the whole image, or one region of it.
    public let pixelSize: PixelSize
    /// Where the held pixels start, in upright pixels at `scale`.
    public let origin: (x: Int, y: Int)
    /// Held pixels per source pixel: 1 for full resolution, n/8 for a JPEG scaled while decoding.
    public let scale: Double
    private let bytes: OpaquePointer // GBytes over the pixbuf's pixels, holding the pixbuf alive
    private let rowStride: Int
    private let bytesPerPixel: Int
    private let format: GdkMemoryFormat
    public let isOpaque: Bool

    /// Decoded pixels and where they lie: what `PicturePipeline.detail` makes (in a worker) and
    /// this image shows. `imageSize` nil: the pixels are the whole image at full resolution.
    struct Pixels {
        let pixbuf: ObjectReference
        let imageSize: PixelSize?
        let origin: (x: Int, y: Int)
        let scale: Double
    }

    convenience init(_ pixels: Pixels) {
        self.init(pixbuf: pixels.pixbuf, imageSize: pixels.imageSize, origin: pixels.origin, scale: pixels.scale)
    }

    /// `pixbuf` holds the whole upright image, unless `imageSize`, `origin` and `scale` say which
    /// part of which image it is.
    init(pixbuf: ObjectReference, imageSize: PixelSize? = nil, origin: (x: Int, y: Int) = (0, 0), scale: Double = 1) {
        let pointer = OpaquePointer(pixbuf.pointer)
        pixelSize = PixelSize(width: Int(gdk_pixbuf_get_width(pointer)), height: Int(gdk_pixbuf_get_height(pointer)))
        size = imageSize ?? pixelSize
        self.origin = origin
        self.scale = scale
        rowStride = Int(gdk_pixbuf_get_rowstride(pointer))
        bytesPerPixel = Int(gdk_pixbuf_get_n_channels(pointer))
        isOpaque = gdk_pixbuf_get_has_alpha(pointer) == 0
        format = isOpaque ? GDK_MEMORY_R8G8B8 : GDK_MEMORY_R8G8B8A8
        // Shared, not copied: the pixbuf's own bytes (a worker's reply, read straight into them),
        // or a GBytes holding the pixbuf, released when the last tile texture goes.
        bytes = gdk_pixbuf_read_pixel_bytes(pointer)
    }

    deinit { g_bytes_unref(bytes) }

    /// What the pixels weigh in memory.
    public var byteCost: Int { Int(g_bytes_get_size(bytes)) }

    /// The held pixels' rectangle in source pixels of the upright image.
    public var sourceRegion: (x: Double, y: Double, width: Double, height: Double) {
        (Double(origin.x) / scale, Double(origin.y) / scale,
         Double(pixelSize.width) / scale, Double(pixelSize.height) / scale)
    }

    /// True when these pixels are as fine as `region` asks (or full resolution, the finest there
    /// is) and hold all of it (within a pixel: scaled edges round).
    public func covers(_ region: DetailRegion) -> Bool {
        guard scale + 1e-9 >= min(1, region.devicePixelsPerSourcePixel) else { return false }
        let held = sourceRegion, slack = 1 / scale
        return region.x >= held.x - slack && region.y >= held.y - slack
            && region.x + region.width <= held.x + held.width + slack
            && region.y + region.height <= held.y + held.height + slack
    }

    public var columns: Int { (pixelSize.width + Self.tileSide - 1) / Self.tileSide }
    public var rows: Int { (pixelSize.height + Self.tileSide - 1) / Self.tileSide }

    /// The held-pixel rectangle of tile (`column`, `row`): `tileSide` square, smaller at the edges.
    public func tileFrame(column: Int, row: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let x = column * Self.tileSide, y = row * Self.tileSide
        return (x, y, min(Self.tileSide, pixelSize.width - x), min(Self.tileSide, pixelSize.height - y))
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
