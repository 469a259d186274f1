import Foundation

/// Lying headers of the formats issue 43 added: a JPEG XL that declares 2³⁰ × 2³⁰, container
/// boxes that claim 4 GiB or less than their own header, camera RAW containers whose offsets
/// point past the end of the file, a CR3 that is its `ftyp` box alone.
extension CraftedHeaders {
    static var newFormats: [File] {
        let pastTheEnd: UInt32 = 0xFFFF_FFF0
        return [
            File(name: "jxl-side-2^30.jxl", bytes: jxlCodestream(side: 1 << 30)),
            File(name: "jxl-box-claims-4GiB.jxl", bytes: jxlContainer(codestreamBoxSize: 0xFFFF_FFFF)),
            File(name: "jxl-box-shorter-than-its-header.jxl", bytes: jxlContainer(codestreamBoxSize: 3)),
            File(name: "raf-offsets-past-end.raf", bytes: raf(offset: pastTheEnd)),
            File(name: "orf-directory-past-end.orf", bytes: Data("IIRO".utf8) + le32(pastTheEnd) + Data(count: 32)),
            File(name: "rw2-directory-past-end.rw2", bytes: Data([0x49, 0x49, 0x55, 0]) + le32(pastTheEnd) + Data(count: 32)),
            File(name: "cr3-ftyp-alone.cr3", bytes: box("ftyp", Data("crx ".utf8) + u32(1) + Data("crx isom".utf8))),
        ]
    }

    /// A bare JPEG XL codestream whose SizeHeader declares `side` × `side` (not "small": its
    /// height as a 30-bit number, a 1:1 ratio for its width), default metadata, and no frame.
    static func jxlCodestream(side: UInt32) -> Data {
        // Fields are read least significant bit first.
        let fields: [(value: UInt32, bits: Int)] = [(0, 1), (3, 2), (side - 1, 30), (1, 3), (1, 1)]
        var bytes = [UInt8](), accumulator: UInt64 = 0, filled = 0
        for field in fields {
            accumulator |= UInt64(field.value & UInt32((1 << UInt64(field.bits)) - 1)) << UInt64(filled)
            filled += field.bits
            while filled >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                filled -= 8
            }
        }
        if filled > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return Data([0xFF, 0x0A]) + Data(bytes)
    }

    /// The ISO box container of a small codestream, its `jxlc` box's size field set to `size`.
    static func jxlContainer(codestreamBoxSize size: UInt32) -> Data {
        let signature = Data([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
        let ftyp = box("ftyp", Data("jxl ".utf8) + u32(0) + Data("jxl ".utf8))
        return signature + ftyp + u32(size) + Data("jxlc".utf8) + jxlCodestream(side: 8)
    }

    /// A Fujifilm RAF header whose preview, CFA header and raw data all lie at `offset`.
    static func raf(offset: UInt32) -> Data {
        var header = Data("FUJIFILMCCD-RAW 0201FF383501".utf8)
        header += Data(count: 0x1C - header.count) + Data("X-Crafted".utf8)
        header += Data(count: 0x3C - header.count) + Data("0100".utf8)
        header += Data(count: 84 - header.count)
        for _ in 0..<6 { header += u32(offset) }
        return header + Data(count: 160 - header.count)
    }
}
