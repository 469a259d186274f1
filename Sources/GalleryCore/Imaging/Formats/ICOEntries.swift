import Foundation

/// The pictures inside an ICO file, from its directory: most favicons written today hold PNG
/// images, which gdk-pixbuf's ICO loader refuses ("Failed to load image"); those are decoded
/// as the PNGs they are.
enum ICOEntries {
    /// The largest entry's bytes when that entry is a PNG, else nil (the ICO loader decodes
    /// BMP entries). An entry whose bytes reach outside the file is skipped.
    static func largestPNG(in data: Data) -> Data? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data? in
            let reader = ByteReader(bytes: raw)
            guard reader.littleEndian(0, 2) == 0, let type = reader.littleEndian(2, 2), type == 1 || type == 2,
                  let count = reader.littleEndian(4, 2), count > 0 else { return nil }
            var best: (pixels: Int, offset: Int, length: Int)?
            for index in 0..<count {
                let entry = 6 + index * 16
                // A width or height byte of 0 means 256; PNG entries may be larger still, but
                // their directory says 0 then too, so ties go to the later, usually larger, one.
                guard let width = reader.uint8(entry), let height = reader.uint8(entry + 1),
                      let length = reader.littleEndian(entry + 8, 4), let offset = reader.littleEndian(entry + 12, 4),
                      length > 0, offset <= raw.count - min(raw.count, length), offset + length <= raw.count else { continue }
                let pixels = (width == 0 ? 256 : width) * (height == 0 ? 256 : height)
                if best == nil || pixels >= best!.pixels { best = (pixels, offset, length) }
            }
            guard let best, reader.uint8(best.offset) == 0x89, reader.matches("PNG", at: best.offset + 1) else { return nil }
            return Data(raw[best.offset..<best.offset + best.length])
        }
    }
}
