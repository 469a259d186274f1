/// Recognises images by what servers say (Content-Type) and by what they send (magic bytes).
///
/// Servers lie both ways: `.jpg` links serve HTML error pages, image hosts send
/// `application/octet-stream`. The probe reads the first bytes of a response and asks both.
public enum ContentSniffer {
    /// How many leading bytes the sniffer may look at; enough for SVG prologs with a comment.
    public static let preferredPrefixLength = 1024

    public static func imageFormat(of prefix: some Collection<UInt8>) -> ImageFormat? {
        let bytes = Array(prefix.prefix(preferredPrefixLength * 4))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if isBMP(bytes) { return .bmp }
        if isICO(bytes) { return .ico }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return .tiff
        }
        if let format = isoMediaImageFormat(bytes) { return format }
        if let format = cameraRAWContainer(bytes) { return format }
        // JPEG XL: a bare codestream, or its ISO box container.
        if bytes.starts(with: [0xFF, 0x0A])
            || bytes.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return .jxl
        }
        if SVGSniffer.isSVG(bytes) { return .svg }
        return nil
    }

    /// True when `prefix` may be an SVG whose root comes later (an XML prolog, comments or a
    /// DOCTYPE running past it, or white space alone): more bytes would tell. Never for a format
    /// its magic number names.
    public static func needsMoreBytes(_ prefix: some Collection<UInt8>) -> Bool {
        let bytes = Array(prefix.prefix(preferredPrefixLength))
        let format = imageFormat(of: bytes)
        guard format == nil || format == .svg else { return false }
        if case .ranOut = SVGSniffer.finding(bytes) { return true }
        return false
    }

    /// `true` for image types, `false` for types that are certainly something else, `nil` when
    /// the header says nothing useful (missing, `application/octet-stream`, XML that may be SVG)
    /// and the bytes must decide.
    public static func isImage(contentType: String?) -> Bool? {
        guard let contentType else { return nil }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let type = mediaType.trimmingWhitespace.lowercased()
        if type.isEmpty { return nil }
        if type.hasPrefix("image/") { return true }
        if undecidedTypes.contains(type) { return nil }
        if type.hasPrefix("text/") || type.hasPrefix("video/") || type.hasPrefix("audio/")
            || type.hasPrefix("font/") || type.hasPrefix("multipart/") || certainlyNotImageTypes.contains(type) {
            return false
        }
        // Other application/* types: unusual enough for images that the bytes should decide.
        return nil
    }

    private static let undecidedTypes: Set<String> = [
        "application/octet-stream", "binary/octet-stream", "application/binary", "application/unknown",
        "application/x-download", "application/force-download", "text/xml", "application/xml",
    ]

    private static let certainlyNotImageTypes: Set<String> = [
        "application/json", "application/javascript", "application/x-javascript", "application/xhtml+xml",
        "application/pdf", "application/zip", "application/gzip", "application/x-gzip", "application/rss+xml",
        "application/atom+xml", "application/msword", "application/x-shockwave-flash", "application/wasm",
    ]

    /// "BM" alone matches ordinary text ("BMW…"), so also require a known DIB header size.
    private static func isBMP(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 18, bytes[0] == 0x42, bytes[1] == 0x4D else { return false }
        let dibHeaderSize = UInt32(bytes[14]) | UInt32(bytes[15]) << 8 | UInt32(bytes[16]) << 16 | UInt32(bytes[17]) << 24
        return [12, 16, 40, 52, 56, 64, 108, 124].contains(dibHeaderSize)
    }

    /// ICO and CUR: reserved 0, type 1 or 2, at least one image, reserved byte in the first entry.
    private static func isICO(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 6, bytes[0] == 0, bytes[1] == 0, bytes[2] == 1 || bytes[2] == 2, bytes[3] == 0 else {
            return false
        }
        let count = Int(bytes[4]) | Int(bytes[5]) << 8
        return count > 0 && (bytes.count < 10 || bytes[9] == 0)
    }

    /// AVIF and HEIF live in an ISO-BMFF `ftyp` box, as MP4 video does: the brands tell them apart.
    private static func isoMediaImageFormat(_ bytes: [UInt8]) -> ImageFormat? {
        guard bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return nil }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        var brands = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var offset = 16 // after major brand and minor version
        while offset + 4 <= min(boxSize, bytes.count) {
            brands.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        // Canon's CR3 names its own brand first; its compatible "isom" says nothing more.
        if brands[0] == "crx " { return .cr3 }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
        if brands.contains(where: heifBrands.contains) { return .heif }
        return nil
    }
}

extension ContentSniffer {
    /// The magic numbers of camera makers' RAW containers that are not TIFFs, as LibRaw and
    /// shared-mime-info know them. ORF and RW2 are TIFF structures whose second word is not 42,
    /// so no TIFF reader takes them.
    private static let cameraRAWMagic: [(magic: [UInt8], format: ImageFormat)] = [
        (Array("FUJIFILM".utf8), .raf), // "FUJIFILMCCD-RAW …", and LibRaw reads no more of it
        (Array("IIRO".utf8), .orf), (Array("IIRS".utf8), .orf), (Array("MMOR".utf8), .orf),
        ([0x49, 0x49, 0x55, 0x00], .rw2), // also Leica's RWL, the same structure
        ([0x49, 0x49, 0x1A, 0x00, 0x00, 0x00] + Array("HEAPCCDR".utf8), .crw),
        ([0x00] + Array("MRM".utf8), .mrw),
        (Array("FOVb".utf8), .x3f),
    ]

    static func cameraRAWContainer(_ bytes: [UInt8]) -> ImageFormat? {
        cameraRAWMagic.first { bytes.starts(with: $0.magic) }?.format
    }
}

private extension String {
    var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return Substring(scalars[first...last])
    }
}
