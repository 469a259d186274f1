import CGtk
import Foundation
import TestRequirements
import XCTest

/// Real image bytes made with gdk-pixbuf (and, where gdk-pixbuf cannot write a format or EXIF,
/// with Debian's Python + PIL) so tests decode what real encoders produce.
enum TestImages {
    /// A pixbuf with a colour gradient, so encoders cannot collapse it to nothing.
    static func pixbuf(width: Int, height: Int, alpha: Bool = false) -> OpaquePointer {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, gint(width), gint(height))!
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        for y in 0..<height {
            for x in 0..<width {
                let pixel = pixels + y * stride + x * channels
                pixel[0] = UInt8(truncatingIfNeeded: x * 255 / max(1, width - 1))
                pixel[1] = UInt8(truncatingIfNeeded: y * 255 / max(1, height - 1))
                pixel[2] = UInt8(truncatingIfNeeded: (x ^ y) & 0xFF)
                if alpha { pixel[3] = 255 }
            }
        }
        return pixbuf
    }

    static func encode(_ pixbuf: OpaquePointer, as type: String) -> Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let saved = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, nil, nil, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            fatalError("saving \(type) failed: \(message)")
        }
        precondition(saved != 0)
        defer { g_free(buffer) }
        return Data(bytes: buffer!, count: Int(size))
    }

    static func encoded(width: Int, height: Int, as type: String) -> Data {
        let source = pixbuf(width: width, height: height, alpha: type == "ico")
        defer { g_object_unref(UnsafeMutableRawPointer(source)) }
        return encode(source, as: type)
    }

    /// A PNG of noise (which does not compress: about 3 bytes a pixel), written by gdk-pixbuf.
    static func noisyPNG(width: Int, height: Int) -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = gdk_pixbuf_get_pixels(pixbuf)!
        var generator = SystemRandomNumberGenerator()
        for row in 0..<height {
            for byte in 0..<width * 3 { pixels[row * stride + byte] = UInt8.random(in: 0...255, using: &generator) }
        }
        return encode(pixbuf, as: "png")
    }

    /// A PNG of one colour, written by gdk-pixbuf.
    static func solidPNG(width: Int, height: Int, rgba: UInt32) -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, gint(width), gint(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, rgba)
        return encode(pixbuf, as: "png")
    }

    /// An ICO file whose entries are the given PNGs (side in pixels, bytes), as favicons are
    /// written today: a 6-byte header, 16 bytes of directory per entry, then the PNGs.
    static func ico(entries: [(side: Int, png: Data)]) -> Data {
        var file = Data([0, 0, 1, 0, UInt8(entries.count), 0])
        var offset = 6 + 16 * entries.count
        func little32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        for entry in entries {
            let side = UInt8(truncatingIfNeeded: entry.side) // 256 is written as 0
            file.append(contentsOf: [side, side, 0, 0, 1, 0, 32, 0] + little32(entry.png.count) + little32(offset))
            offset += entry.png.count
        }
        for entry in entries { file.append(entry.png) }
        return file
    }

    /// The minimal 1×1 GIF89a: header, 2-colour palette, one image block, trailer.
    static let gif1x1: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
        0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00,
        0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
        0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    /// Runs a Python snippet with Debian's interpreter (which has PIL); `false` when unavailable or failing.
    static func python(_ script: String, arguments: [String] = []) throws -> Bool {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// A JPEG stored `width`×`height`, left half red and right half blue, tagged EXIF orientation
    /// 6 (rotate 90° clockwise to display): people see it `height`×`width`, red above blue.
    /// Skips the test when /usr/bin/python3 with PIL is not there to write the EXIF.
    static func sidewaysJPEG(width: Int, height: Int) throws -> Data {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("sideways.jpg").path
        let script = """
        import sys
        from PIL import Image
        width, height = int(sys.argv[2]), int(sys.argv[3])
        image = Image.new("RGB", (width, height), (0, 0, 255))
        image.paste((255, 0, 0), (0, 0, width // 2, height))
        exif = Image.Exif()
        exif[0x0112] = 6
        image.save(sys.argv[1], "JPEG", exif=exif.tobytes(), quality=95)
        """
        guard try python(script, arguments: [path, String(width), String(height)]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL to write EXIF")
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// RGBA (unpremultiplied is fine for opaque images) pixel of a texture, for orientation checks.
    static func pixel(of texture: OpaquePointer, x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        gdk_texture_download(texture, &bytes, gsize(width * 4))
        // GDK_MEMORY_DEFAULT is B8G8R8A8 premultiplied on little-endian machines.
        let offset = (y * width + x) * 4
        return (bytes[offset + 2], bytes[offset + 1], bytes[offset])
    }
}

/// A fresh folder under the system temporary directory, removed when the test ends.
final class TemporaryDirectory {
    let url: URL

    init(_ name: String = #function) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gallery-core-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
