import Foundation

/// Puts an ICC profile into a PNG as its `iCCP` chunk, right after `IHDR`.
///
/// gdk-pixbuf's PNG saver cannot: libpng refuses the profile it is handed ("RGB color space not
/// permitted on grayscale PNG") because the saver sets it before the colour type. The profile
/// is stored in zlib's uncompressed blocks, which every inflater reads.
enum PNGProfileChunk {
    static func insert(_ profile: Data, into png: Data) -> Data {
        var body = Data("ICC Profile".utf8) + [0, 0] // name, NUL, compression method 0
        body += zlibStored(profile)
        var chunk = Data()
        chunk += bigEndian32(body.count)
        let typed = Data("iCCP".utf8) + body
        chunk += typed
        chunk += bigEndian32(Int(crc32(typed)))
        let afterHeader = 8 + 25 // signature, then IHDR: length, type, 13 bytes, CRC
        return png.prefix(afterHeader) + chunk + png.dropFirst(afterHeader)
    }

    private static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[data.startIndex + offset..<data.startIndex + offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian32(Int(b << 16 | a))
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian32(_ value: Int) -> Data {
        Data([UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
              UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
    }
}
