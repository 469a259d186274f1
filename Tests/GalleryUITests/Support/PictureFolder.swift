import CGtk
import Foundation
import GObjectSupport
import XCTest

/// Real PNG and JPEG files written with gdk-pixbuf into a fresh temporary folder.
struct PictureFolder {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("viewer-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes a solid-colour PNG and returns its file URL.
    @discardableResult
    func png(_ name: String, width: Int, height: Int, rgba: UInt32 = 0x3366_99FF) throws -> URL {
        try write(name, width: width, height: height, rgba: rgba, alpha: true, type: "png")
    }

    /// Writes a PNG of one colour with its top left `markSide` pixels square in `markRGBA`:
    /// where that corner lands shows how the picture was turned.
    @discardableResult
    func png(_ name: String, width: Int, height: Int, rgba: UInt32, markSide: Int, markRGBA: UInt32) throws -> URL {
        try write(name, width: width, height: height, rgba: rgba, alpha: true, type: "png") { pixbuf in
            let mark = gdk_pixbuf_new_subpixbuf(pixbuf, 0, 0, Int32(markSide), Int32(markSide))!
            gdk_pixbuf_fill(mark, markRGBA)
            g_object_unref(mark.rawPointer)
        }
    }

    /// Writes a baseline JPEG (gdk-pixbuf's encoder) of one colour and returns its file URL.
    @discardableResult
    func jpeg(_ name: String, width: Int, height: Int, rgba: UInt32 = 0x3366_99FF) throws -> URL {
        try write(name, width: width, height: height, rgba: rgba, alpha: false, type: "jpeg")
    }

    /// Writes a baseline JPEG of one colour whose last `bandRows` rows are `bandRGBA`: whether
    /// a picture's last rows are on screen shows at a glance.
    @discardableResult
    func jpeg(_ name: String, width: Int, height: Int, rgba: UInt32, bandRows: Int, bandRGBA: UInt32) throws -> URL {
        try write(name, width: width, height: height, rgba: rgba, alpha: false, type: "jpeg") { pixbuf in
            let band = gdk_pixbuf_new_subpixbuf(pixbuf, 0, Int32(height - bandRows), Int32(width), Int32(bandRows))!
            gdk_pixbuf_fill(band, bandRGBA)
            g_object_unref(band.rawPointer)
        }
    }

    /// Writes a BMP of one colour (a format a turned copy cannot be written in: it becomes a PNG).
    @discardableResult
    func bmp(_ name: String, width: Int, height: Int, rgba: UInt32 = 0x3366_99FF) throws -> URL {
        try write(name, width: width, height: height, rgba: rgba, alpha: false, type: "bmp")
    }

    private func write(_ name: String, width: Int, height: Int, rgba: UInt32, alpha: Bool, type: String,
                       paint: (OpaquePointer) -> Void = { _ in }) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height))!
        gdk_pixbuf_fill(pixbuf, rgba)
        paint(pixbuf)
        var error: UnsafeMutablePointer<GError>?
        let ok = gdk_pixbuf_savev(pixbuf, url.path, type, nil, nil, &error)
        g_object_unref(pixbuf.rawPointer)
        if ok == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            g_clear_error(&error)
            throw NSError(domain: "PictureFolder", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
        }
        return url
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
