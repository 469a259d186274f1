import CColorManagement
import CGtk
import Foundation
import GObjectSupport

/// Pixels as a file, with what the picture said about itself: gdk-pixbuf's writers (JPEG at
/// quality 95, PNG, TIFF) with the ICC profile embedded (their `icc-profile` option; for PNG an
/// `iCCP` chunk of ours, as gdk-pixbuf 2.42's PNG writer sets the profile before the colour type
/// and libpng refuses it), and the EXIF block put where the format keeps it (JPEG: an APP1
/// segment; PNG: an `eXIf` chunk; TIFF: left out). In the sandboxed worker (`TurnedCopy`).
enum PictureEncoding {
    static func encode(_ pixbuf: ObjectReference, as format: ImageFormat, profile: [UInt8]?, exif: Data?) throws(LoadError) -> Data {
        let type = switch format {
        case .jpeg: "jpeg"
        case .tiff: "tiff"
        default: "png"
        }
        var options: [(String, String)] = format == .jpeg ? [("quality", "95")] : []
        if let profile, format != .png { options.append(("icc-profile", Data(profile).base64EncodedString())) }
        var keys = options.map { strdup($0.0) } + [nil], values = options.map { strdup($0.1) } + [nil]
        defer { (keys + values).forEach { free($0) } }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(OpaquePointer(pixbuf.pointer), &buffer, &size, type, &keys, &values, &error) != 0,
              let buffer else {
            g_clear_error(&error)
            throw .couldNotDecode // the writer failed, not the picture
        }
        defer { g_free(buffer) }
        var file = Data(bytes: buffer, count: Int(size))
        if format == .png, let profile, let compressed = deflated(profile) {
            file = insertingPNGChunk("iCCP", Data("ICC profile".utf8) + [0, 0] + compressed, into: file) ?? file
        }
        guard let exif, !exif.isEmpty, exif.count <= maxExifBytes else { return file }
        switch format {
        case .jpeg: return insertingJPEGExif(exif, into: file) ?? file
        case .png: return insertingPNGChunk("eXIf", exif, into: file) ?? file
        default: return file
        }
    }

    /// `data` as a zlib stream, or nil when zlib fails.
    private static func deflated(_ data: [UInt8]) -> Data? {
        var out = [UInt8](repeating: 0, count: data.count + data.count / 1000 + 64) // zlib's bound and then some
        let length = out.withUnsafeMutableBufferPointer { colormanagement_deflate(data, data.count, $0.baseAddress, $0.count) }
        return length > 0 ? Data(out.prefix(length)) : nil
    }

    /// An EXIF block larger than a JPEG segment holds is left out.
    static let maxExifBytes = 65_533 - ExifBlock.jpegSignature.count

    /// `jpeg` with an APP1 segment of `exif` after SOI, and after JFIF's APP0 when it comes first.
    static func insertingJPEGExif(_ exif: Data, into jpeg: Data) -> Data? {
        let jpeg = Data(jpeg)
        let length = 2 + ExifBlock.jpegSignature.count + exif.count
        guard length <= 0xFFFF, jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        var offset = 2
        if jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count >= 6 {
            offset = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
            guard offset <= jpeg.count else { return nil }
        }
        let segment = Data([0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + ExifBlock.jpegSignature) + exif
        var copy = jpeg
        copy.insert(contentsOf: segment, at: offset)
        return copy
    }

    /// `png` with a chunk of `type` holding `content` after its IHDR (before the pixels, as
    /// `iCCP` and `eXIf` must be).
    static func insertingPNGChunk(_ type: String, _ content: Data, into png: Data) -> Data? {
        let png = Data(png)
        let afterHeader = 8 + 8 + 13 + 4 // signature, IHDR's length and type, its 13 bytes, its CRC
        guard png.count > afterHeader, png[12..<16].elementsEqual("IHDR".utf8), content.count < Int(Int32.max) else { return nil }
        let body = Data(type.utf8) + content
        var chunk = Data()
        chunk.append(contentsOf: withUnsafeBytes(of: UInt32(content.count).bigEndian) { Array($0) })
        chunk.append(body)
        chunk.append(contentsOf: withUnsafeBytes(of: CRC32.of(body).bigEndian) { Array($0) })
        var copy = png
        copy.insert(contentsOf: chunk, at: afterHeader)
        return copy
    }
}

/// The CRC-32 of PNG chunks (ISO 3309, as zlib's `crc32`).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func of(_ data: Data) -> UInt32 {
        ~data.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
