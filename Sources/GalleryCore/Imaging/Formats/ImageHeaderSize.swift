/// Reads the pixel size a GIF or BMP declares, straight from its header bytes: the formats no
/// library at hand reads apart from gdk-pixbuf's own loaders (the others' sizes come from their
/// libraries, `PictureFacts`). Fuzzed (`fuzz-readers`).
///
/// Needed because gdk-pixbuf's loaders (PNG, BMP, TIFF, WebP) allocate *and clear* the whole
/// pixbuf as soon as they parse the header, inside the very write that delivers it — measured:
/// a 30000×30000 PNG touched 3.6 GB before `size-prepared` could stop anything. So the size is
/// checked first, before a loader sees a byte. Returns `nil` when the header is unknown or
/// incomplete; each side is bounded by `PixelSize.maxSide`, so callers multiply them freely.
enum ImageHeaderSize {
    static func declaredSize(of data: some Collection<UInt8>) -> (width: Int, height: Int)? {
        unboundedSize(of: data).map { (PixelSize.bounded($0.width), PixelSize.bounded($0.height)) }
    }

    private static func unboundedSize(of data: some Collection<UInt8>) -> (width: Int, height: Int)? {
        let bytes = Array(data.prefix(64))
        switch ContentSniffer.imageFormat(of: bytes) {
        case .gif: return gif(data)
        case .bmp: return bmp(bytes)
        default: return nil
        }
    }

    /// The canvas grown to cover every frame: frames are decoded at their own size, however
    /// small the canvas (see `GIFStructure.Layout`).
    private static func gif(_ data: some Collection<UInt8>) -> (width: Int, height: Int)? {
        guard let layout = GIFStructure.layout(of: data) else {
            let bytes = Array(data.prefix(10))
            return littleEndianPair(bytes, at: 6, size: 2)
        }
        return (layout.extentWidth, layout.extentHeight)
    }

    private static func bmp(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 26 else { return nil }
        if littleEndian(bytes, 14, 4) == 12 { return littleEndianPair(bytes, at: 18, size: 2) }
        let width = Int(Int32(truncatingIfNeeded: littleEndian(bytes, 18, 4)))
        let height = Int(Int32(truncatingIfNeeded: littleEndian(bytes, 22, 4)))
        return (abs(width), abs(height)) // negative height means top-down rows
    }

    private static func littleEndianPair(_ bytes: [UInt8], at offset: Int, size: Int) -> (width: Int, height: Int)? {
        guard bytes.count >= offset + 2 * size else { return nil }
        return (littleEndian(bytes, offset, size), littleEndian(bytes, offset + size, size))
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ length: Int) -> Int {
        (0..<length).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
}
