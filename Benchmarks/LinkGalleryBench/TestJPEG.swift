import CGtk
import Foundation
import GalleryTestSupport

/// Photo-like JPEGs for the thumbnail benchmarks, made with gdk-pixbuf.
///
/// Content matters for JPEG timings: a flat image decodes much faster than a photo, and pure
/// noise much slower. Smooth gradients with fine texture and a little seeded noise land in
/// between, at a photo-like 1.5–2.5 bits per pixel at quality 90.
enum TestJPEG {
    struct Size {
        let width: Int
        let height: Int

        var label: String {
            let megapixels = Double(width * height) / 1_000_000
            return megapixels < 1 ? String(format: "%.2f MP", megapixels) : String(format: "%.0f MP", megapixels)
        }
    }

    static let thumbnailLike = Size(width: 272, height: 184) // 0.05 MP, a typical search thumbnail
    static let twelveMegapixels = Size(width: 4000, height: 3000)
    static let twentyFourMegapixels = Size(width: 6000, height: 4000)

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ size: Size, to url: URL) throws {
        try write(size, to: url, type: "jpeg", options: ["quality": "90"])
    }

    /// The same picture as `type` ("jpeg" or "png"), tagged with `iccProfile` when given
    /// (JPEG APP2 by gdk-pixbuf's saver; PNG iCCP by `PNGProfileChunk`).
    static func write(_ size: Size, to url: URL, type: String, iccProfile: Data?) throws {
        guard type == "jpeg" else {
            let options: [String: String] = switch type {
            case "png": ["compression": "1"]
            case "webp": ["quality": "90"]
            default: [:]
            }
            try write(size, to: url, type: type, options: options)
            if let iccProfile { try PNGProfileChunk.insert(iccProfile, into: try Data(contentsOf: url)).write(to: url) }
            return
        }
        var options = ["quality": "90"]
        if let iccProfile { options["icc-profile"] = iccProfile.base64EncodedString() }
        try write(size, to: url, type: type, options: options)
    }

    private static func write(_ size: Size, to url: URL, type: String, options: [String: String]) throws {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(size.width), gint(size.height)) else {
            throw Failure(description: "cannot allocate \(size.width)×\(size.height)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        paint(pixbuf, size)

        var error: UnsafeMutablePointer<GError>?
        let keys: [UnsafeMutablePointer<CChar>?] = options.keys.sorted().map { strdup($0) } + [nil]
        let values: [UnsafeMutablePointer<CChar>?] = options.keys.sorted().map { strdup(options[$0]!) } + [nil]
        defer { (keys + values).forEach { free($0) } }
        var mutableKeys = keys
        var mutableValues = values
        let saved = gdk_pixbuf_savev(pixbuf, url.path, type, &mutableKeys, &mutableValues, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            throw Failure(description: "saving \(url.lastPathComponent) failed: \(message)")
        }
        guard saved != 0 else { throw Failure(description: "saving \(url.lastPathComponent) failed") }
    }

    private static func paint(_ pixbuf: OpaquePointer, _ size: Size) {
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        var random = SplitMix64(seed: UInt64(size.width * 31 + size.height))
        for y in 0..<size.height {
            let row = pixels + y * stride
            let vertical = y * 255 / max(1, size.height - 1)
            for x in 0..<size.width {
                let horizontal = x * 255 / max(1, size.width - 1)
                let texture = ((x / 7) ^ (y / 5)) & 0x1F
                let noise = Int(random.next() & 0x0F)
                let pixel = row + x * 3
                pixel[0] = UInt8(truncatingIfNeeded: min(255, horizontal / 2 + texture + noise + 40))
                pixel[1] = UInt8(truncatingIfNeeded: min(255, vertical / 2 + texture / 2 + noise + 60))
                pixel[2] = UInt8(truncatingIfNeeded: min(255, (horizontal + vertical) / 4 + texture + noise / 2 + 30))
            }
        }
    }
}
