import CGtk
import Foundation

/// Small files that decode into something huge or slow, built in code (nothing large is
/// committed): the hostile classes of issue 16 that reach the decoders.
enum HostileImages {
    /// A complete, valid PNG of `width` × `height` black pixels, 1 bit per pixel: a 10000 px
    /// square is 12 KB on the wire and 300 MB once gdk-pixbuf expands it to RGB.
    static func blackPNG(width: Int, height: Int) -> Data {
        let rowBytes = 1 + (width + 7) / 8
        let raw = Data(count: rowBytes * height) // filter byte 0, all pixels 0
        var ihdr = Data()
        ihdr.append(bigEndian: UInt32(width))
        ihdr.append(bigEndian: UInt32(height))
        ihdr.append(contentsOf: [1, 0, 0, 0, 0]) // 1 bit, greyscale, deflate, no filter, no interlace
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.appendChunk("IHDR", ihdr)
        png.appendChunk("IDAT", zlib(raw))
        png.appendChunk("IEND", Data())
        return png
    }

    /// An 8-bit RGBA PNG whose pixel at (x, y) is `pixel(x, y)`, stored row by row or in the seven
    /// Adam7 passes (`interlaced`), which a row-by-row decoder must handle too.
    static func rgbaPNG(width: Int, height: Int, interlaced: Bool = false, pixel: (Int, Int) -> [UInt8]) -> Data {
        // (first column, first row, column step, row step) of each pass; one pass when not interlaced.
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw = Data()
        for (firstColumn, firstRow, columnStep, rowStep) in passes where firstColumn < width && firstRow < height {
            for y in stride(from: firstRow, to: height, by: rowStep) {
                raw.append(0) // filter: none
                for x in stride(from: firstColumn, to: width, by: columnStep) { raw.append(contentsOf: pixel(x, y)) }
            }
        }
        var ihdr = Data()
        ihdr.append(bigEndian: UInt32(width))
        ihdr.append(bigEndian: UInt32(height))
        ihdr.append(contentsOf: [8, 6, 0, 0, interlaced ? 1 : 0]) // 8 bits, RGBA, deflate, no filter
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.appendChunk("IHDR", ihdr)
        png.appendChunk("IDAT", zlib(raw))
        png.appendChunk("IEND", Data())
        return png
    }

    /// A GIF whose `canvasWidth` × `canvasHeight` screen holds `frames` image blocks of
    /// `frameWidth` × `frameHeight`, each with only the first pixels' LZW data.
    static func gif(canvasWidth: Int, canvasHeight: Int, frameWidth: Int, frameHeight: Int, frames: Int = 1) -> Data {
        var gif = Data("GIF89a".utf8)
        gif.append(littleEndian16: canvasWidth)
        gif.append(littleEndian16: canvasHeight)
        gif.append(contentsOf: [0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]) // 2-colour table
        for _ in 0..<frames {
            gif.append(contentsOf: [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00]) // 100 ms delay
            gif.append(0x2C)
            gif.append(littleEndian16: 0)
            gif.append(littleEndian16: 0)
            gif.append(littleEndian16: frameWidth)
            gif.append(littleEndian16: frameHeight)
            gif.append(contentsOf: [0x00, 0x02, 0x02, 0x44, 0x01, 0x00]) // no local table; tiny LZW
        }
        gif.append(0x3B)
        return gif
    }

    /// 311 bytes: an 8000 px square under two large blurs and a dilation. In-process at 8192 px
    /// a file like this took minutes of CPU and gigabytes.
    static let heavySVG = Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="8000" height="8000"><filter id="f" x="0" y="0" \
        width="1" height="1"><feGaussianBlur stdDeviation="900"/><feMorphology operator="dilate" radius="400"/>\
        <feGaussianBlur stdDeviation="900"/></filter><rect width="8000" height="8000" fill="red" filter="url(#f)"/></svg>
        """.utf8)

    static let goodSVG = Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" \
        fill="blue"/><circle cx="150" cy="100" r="80" fill="yellow"/></svg>
        """.utf8)

    /// zlib format through GIO's compressor (the tests link GLib anyway).
    static func zlib(_ input: Data) -> Data {
        let compressor = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 9)!
        defer { g_object_unref(UnsafeMutableRawPointer(compressor)) }
        let converter = compressor
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        input.withUnsafeBytes { raw in
            var offset = 0
            while true {
                var read: gsize = 0, written: gsize = 0
                let result = buffer.withUnsafeMutableBytes { out in
                    g_converter_convert(converter, raw.baseAddress! + offset, gsize(raw.count - offset),
                                        out.baseAddress, gsize(out.count), G_CONVERTER_INPUT_AT_END, &read, &written, nil)
                }
                offset += Int(read)
                output.append(contentsOf: buffer[0..<Int(written)])
                if result != G_CONVERTER_CONVERTED { break }
            }
        }
        return output
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

private extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
    }

    mutating func append(littleEndian16 value: Int) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)])
    }

    mutating func appendChunk(_ kind: String, _ body: Data) {
        append(bigEndian: UInt32(body.count))
        let typed = Data(kind.utf8) + body
        append(typed)
        append(bigEndian: HostileImages.crc32(typed))
    }

}
