import Foundation

/// Files whose headers lie, one or more per format the app reads: sides at 2³¹ − 1 and 2³² − 1
/// (as far as each format's field holds them), zero sides, a TIFF directory that points at
/// itself, an ICO entry past the end, GIF frames outside the canvas, a colour profile that
/// claims to inflate to far more than it holds; JPEG XL and camera RAW ones
/// (`CraftedHeaders+NewFormats`). Each is one picture's failure, never the app's.
enum CraftedHeaders {
    struct File {
        let name: String
        let bytes: Data
        /// A good picture around a lying part the decoder does without (a broken profile).
        var isPicture = false
    }

    static let largeSides: [(label: String, side: UInt32)] = [("2^31-1", 0x7FFF_FFFF), ("2^32-1", 0xFFFF_FFFF), ("0", 0)]

    static var all: [File] {
        largeSides.flatMap { label, side in
            [File(name: "ispe-\(label).avif", bytes: isoMedia(brand: "avif", width: side, height: side)),
             File(name: "ispe-\(label).heic", bytes: isoMedia(brand: "heic", width: side, height: side)),
             File(name: "ihdr-\(label).png", bytes: png(width: side, height: side)),
             File(name: "bmp-\(label).bmp", bytes: bmp(width: side, height: side)),
             File(name: "tiff-\(label).tif", bytes: tiff(width: side, height: side, loop: false))]
        } + [
            File(name: "tiff-loop.tif", bytes: tiff(width: 64, height: 64, loop: true)),
            File(name: "sof-65535.jpg", bytes: jpeg(width: 0xFFFF, height: 0xFFFF)),
            File(name: "sof-0.jpg", bytes: jpeg(width: 0, height: 0)),
            File(name: "gif-65535.gif", bytes: gif(canvas: 0xFFFF, frame: 0xFFFF, frameOffset: 0)),
            File(name: "gif-frame-outside.gif", bytes: gif(canvas: 16, frame: 0xFFFF, frameOffset: 0xFFFF)),
            File(name: "webp-vp8x-max.webp", bytes: webpVP8X(side: 1 << 24)),
            File(name: "ico-entry-past-end.ico", bytes: icoEntryPastTheEnd()),
            File(name: "png-inflating-profile.png", bytes: pngWithInflatingProfile(), isPicture: true),
        ] + newFormats
    }

    /// An ISO-BMFF still whose one picture (item 1: `pitm`, `iinf`, `iloc`) has the size of its
    /// `ispe` property (`iprp` › `ipco`, tied to it by `ipma`): what an AVIF or HEIC declares
    /// before any decoder sees it. 319 bytes of such a file killed the app once.
    static func isoMedia(brand: String, width: UInt32, height: UInt32) -> Data {
        let itemType = brand == "avif" ? "av01" : "hvc1"
        let fullBox = u32(0) // version 0, no flags
        let ispe = box("ispe", fullBox + u32(width) + u32(height))
        let infe = box("infe", Data([2, 0, 0, 0]) + u16(1) + u16(0) + Data(itemType.utf8) + Data([0]))
        // 4-byte offsets and lengths, no base offset; one extent: the bytes of `mdat`, never read here.
        let iloc = box("iloc", fullBox + Data([0x44, 0x00]) + u16(1) + u16(1) + u16(0) + u16(1) + u32(0) + u32(64))
        let ipma = box("ipma", fullBox + u32(1) + u16(1) + Data([1, 0x81])) // item 1: property 1, essential
        let meta = box("meta", fullBox + box("hdlr", u32(0) + u32(0) + Data("pict".utf8) + Data(count: 13))
            + box("pitm", fullBox + u16(1)) + iloc + box("iinf", fullBox + u16(1) + infe)
            + box("iprp", box("ipco", ispe) + ipma))
        return box("ftyp", Data(brand.utf8) + u32(0) + Data(brand.utf8) + Data("mif1".utf8)) + meta + box("mdat", Data(count: 64))
    }

    static func png(width: UInt32, height: UInt32) -> Data {
        let ihdr = u32(width) + u32(height) + Data([8, 6, 0, 0, 0])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + chunk("IHDR", ihdr)
            + chunk("IDAT", HostileImages.zlib(Data(count: 64))) + chunk("IEND", Data())
    }

    /// A PNG whose `iCCP` says it is zlib data and holds a deflate stream of 64 MiB of zeros
    /// cut off after its first kilobyte: a reader must bound what it inflates.
    static func pngWithInflatingProfile() -> Data {
        let bomb = HostileImages.zlib(Data(count: 64 << 20)).prefix(1024)
        let iccp = Data("icc".utf8) + Data([0, 0]) + bomb
        let ihdr = u32(8) + u32(8) + Data([8, 2, 0, 0, 0])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + chunk("IHDR", ihdr) + chunk("iCCP", iccp)
            + chunk("IDAT", HostileImages.zlib(Data(count: 8 * 25))) + chunk("IEND", Data())
    }

    static func bmp(width: UInt32, height: UInt32) -> Data {
        var header = Data("BM".utf8) + le32(70) + le32(0) + le32(54)
        header += le32(40) + le32(width) + le32(height) + le16(1) + le16(24) + le32(0) + le32(16) + le32(0) + le32(0)
            + le32(0) + le32(0)
        return header + Data(count: 16)
    }

    /// A TIFF whose one directory says `width` × `height`, or (`loop`) whose next-directory
    /// offset points back at itself.
    static func tiff(width: UInt32, height: UInt32, loop: Bool) -> Data {
        var file = Data("II".utf8) + le16(42) + le32(8)
        let entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [(256, 4, width), (257, 4, height), (258, 3, 8),
                                                                     (259, 3, 1), (262, 3, 1), (273, 4, 200), (277, 3, 1),
                                                                     (278, 4, height), (279, 4, 64)]
        file += le16(UInt16(entries.count))
        for entry in entries { file += le16(entry.tag) + le16(entry.type) + le32(1) + le32(entry.value) }
        file += le32(loop ? 8 : 0)
        return file + Data(count: max(0, 264 - file.count))
    }

    static func jpeg(width: UInt16, height: UInt16) -> Data {
        let sof = Data([0xFF, 0xC0]) + be16(17) + Data([8]) + be16(height) + be16(width) + Data([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        return Data([0xFF, 0xD8]) + sof + Data([0xFF, 0xDA]) + be16(12) + Data([3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0])
            + Data(count: 32) + Data([0xFF, 0xD9])
    }

    static func gif(canvas: UInt16, frame: UInt16, frameOffset: UInt16) -> Data {
        var file = Data("GIF89a".utf8) + le16(canvas) + le16(canvas) + Data([0, 0, 0])
        file += Data([0x2C]) + le16(frameOffset) + le16(frameOffset) + le16(frame) + le16(frame) + Data([0])
        file += Data([2, 2, 0x4C, 0x01, 0]) + Data([0x3B])
        return file
    }

    /// A VP8X WebP whose canvas is 2²⁴ on each side (its 24-bit fields hold sides minus one).
    static func webpVP8X(side: Int) -> Data {
        let minusOne = UInt32(side - 1)
        let vp8x = Data([0, 0, 0, 0]) + Data([UInt8(minusOne & 0xFF), UInt8(minusOne >> 8 & 0xFF), UInt8(minusOne >> 16 & 0xFF)])
            + Data([UInt8(minusOne & 0xFF), UInt8(minusOne >> 8 & 0xFF), UInt8(minusOne >> 16 & 0xFF)])
        let body = Data("WEBP".utf8) + Data("VP8X".utf8) + le32(UInt32(vp8x.count)) + vp8x
        return Data("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    /// An ICO whose one entry says it is a PNG of 4 GiB at offset 2³² − 1.
    static func icoEntryPastTheEnd() -> Data {
        le16(0) + le16(1) + le16(1) + Data([0, 0, 0, 0]) + le16(1) + le16(32) + le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF)
            + Data([0x89]) + Data("PNG".utf8)
    }

    static func box(_ type: String, _ body: Data) -> Data { u32(UInt32(8 + body.count)) + Data(type.utf8) + body }
    private static func chunk(_ type: String, _ body: Data) -> Data {
        let typed = Data(type.utf8) + body
        return u32(UInt32(body.count)) + typed + u32(HostileImages.crc32(typed))
    }
    private static func u16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
    static func u32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
    private static func be16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
    static func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private static func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
}
