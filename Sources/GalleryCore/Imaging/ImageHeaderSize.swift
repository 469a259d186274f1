/// Reads the pixel size an image file declares, straight from its header bytes.
///
/// Needed because gdk-pixbuf's PNG (and BMP, TIFF, WebP) loaders allocate *and clear* the whole
/// pixbuf as soon as they parse the header, inside the very write that delivers it — measured:
/// a 30000×30000 PNG touched 3.6 GB before `size-prepared` could stop anything. So the size is
/// checked here first, before a loader sees a byte; `size-prepared` remains the fallback for
/// formats not parsed here. Returns `nil` when the header is unknown or incomplete; each side
/// is bounded by `PixelSize.maxSide`, so callers multiply them freely.
enum ImageHeaderSize {
    static func declaredSize(of data: some Collection<UInt8>) -> (width: Int, height: Int)? {
        unboundedSize(of: data).map { (PixelSize.bounded($0.width), PixelSize.bounded($0.height)) }
    }

    private static func unboundedSize(of data: some Collection<UInt8>) -> (width: Int, height: Int)? {
        let bytes = Array(data.prefix(64))
        switch ContentSniffer.imageFormat(of: bytes) {
        case .png: return png(bytes)
        case .gif: return gif(data)
        case .bmp: return bmp(bytes)
        case .webp: return webp(bytes)
        case .tiff: return tiff(Array(data.prefix(1 << 16)))
        case .jpeg: return jpeg(data)
        case .heif, .avif: return isoMedia(data)
        default: return nil
        }
    }

    /// The largest `ispe` in the `meta` box, which precedes the picture data in files phones
    /// and encoders write.
    private static func isoMedia(_ data: some Collection<UInt8>) -> (width: Int, height: Int)? {
        let bytes = Array(data.prefix(1 << 20))
        return bytes.withUnsafeBytes { ISOMediaImageInfo.read($0) }.map { ($0.width, $0.height) }
    }

    private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
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

    private static func webp(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8X": // 24-bit canvas size minus one
            return (littleEndian(bytes, 24, 3) + 1, littleEndian(bytes, 27, 3) + 1)
        case "VP8L": // after the 0x2F signature: 14 bits width-1, 14 bits height-1
            let bits = littleEndian(bytes, 21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8 ": // key frame header, then 14-bit sizes
            return (littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
        default:
            return nil
        }
    }

    /// ImageWidth (256) and ImageLength (257) from the first IFD.
    private static func tiff(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 8 else { return nil }
        let little = bytes[0] == 0x49
        func read(_ offset: Int, _ length: Int) -> Int? {
            guard offset >= 0, offset + length <= bytes.count else { return nil }
            return little ? littleEndian(bytes, offset, length) : bigEndian(bytes, offset, length)
        }
        guard let ifd = read(4, 4), let entries = read(ifd, 2) else { return nil }
        var width: Int?
        var height: Int?
        for entry in 0..<min(entries, 512) {
            let base = ifd + 2 + entry * 12
            guard let tag = read(base, 2), let type = read(base + 2, 2) else { break }
            guard tag == 256 || tag == 257 else { continue }
            let value = type == 3 ? read(base + 8, 2) : read(base + 8, 4) // SHORT or LONG
            if tag == 256 { width = value } else { height = value }
        }
        guard let width, let height else { return nil }
        return (width, height)
    }

    /// Walks the marker segments to the first start-of-frame (SOF0…SOF15 but DHT, JPG, DAC).
    private static func jpeg(_ data: some Collection<UInt8>) -> (width: Int, height: Int)? {
        let bytes = Array(data.prefix(1 << 20))
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue } // fill byte
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { index += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return nil } // end of image, or scan data before any frame
            let length = bigEndian(bytes, index + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
            }
            index += 2 + length
        }
        return nil
    }

    private static func littleEndianPair(_ bytes: [UInt8], at offset: Int, size: Int) -> (width: Int, height: Int)? {
        guard bytes.count >= offset + 2 * size else { return nil }
        return (littleEndian(bytes, offset, size), littleEndian(bytes, offset + size, size))
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ length: Int) -> Int {
        (0..<length).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ length: Int) -> Int {
        (0..<length).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }
}
