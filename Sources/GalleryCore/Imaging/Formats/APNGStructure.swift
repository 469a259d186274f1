import Foundation

/// The frames of an animated PNG (APNG), read from its chunks without decoding a pixel: the
/// animation control (`acTL`: frames, plays), each frame's control (`fcTL`: rectangle, delay,
/// disposal, blending) and its data (`IDAT` for a first frame that is the default image,
/// `fdAT` after), and the chunks every frame shares (palette, transparency). Each frame becomes a
/// PNG of its own (`framePNG`) for libpng to decode. A hand-written reader of untrusted bytes:
/// runs only in the sandboxed worker, every length and rectangle checked, fuzzed
/// (`fuzz-readers`). Anything out of order — a sequence number skipped, a frame outside the
/// canvas, fewer frames than announced — is no animation: the default image shows, as still.
struct APNGStructure {
    struct Frame {
        var x: Int, y: Int, width: Int, height: Int
        var milliseconds: Int
        /// 0 none, 1 clear to transparent, 2 back to what was there before the frame.
        var dispose: Int
        /// 0 replaces the rectangle, 1 is drawn over it.
        var blend: Int
        /// The compressed data, IDAT or fdAT's without its sequence number.
        var data: [Range<Int>] = []
    }

    let width: Int
    let height: Int
    let loopCount: Int
    let frames: [Frame]
    /// IHDR's fields after the size (bit depth, colour type, compression, filter, interlace).
    private let headerTail: [UInt8]
    /// PLTE and tRNS, whole chunks, shared by every frame.
    private let shared: [Range<Int>]

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// True when the chunks before the pixels announce an animation of two frames or more.
    static func isAnimated(_ data: Data) -> Bool {
        (frameCount(data) ?? 0) >= 2
    }

    /// The frames the animation control chunk (acTL) before the pixels announces; nil without one.
    static func frameCount(_ data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            var offset = 8
            while let length = reader.bigEndian(offset, 4), offset + 12 + length <= bytes.count {
                if reader.matches("IDAT", at: offset + 4) { return nil }
                if reader.matches("acTL", at: offset + 4) { return reader.bigEndian(offset + 8, 4) }
                offset += 12 + length
            }
            return nil
        }
    }

    /// True when the chunks before the pixels announce an animation whose first frame is not
    /// the default image (no frame control before IDAT): an APNG decoder shows the animation's
    /// frames and never that image, which is for decoders that know no APNG.
    static func leavesOutDefaultImage(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            var offset = 8, announced = false
            while let length = reader.bigEndian(offset, 4), offset + 12 + length <= bytes.count {
                if reader.matches("IDAT", at: offset + 4) { return announced }
                if reader.matches("fcTL", at: offset + 4) { return false }
                if reader.matches("acTL", at: offset + 4) { announced = (reader.bigEndian(offset + 8, 4) ?? 0) >= 1 }
                offset += 12 + length
            }
            return false
        }
    }

    /// The animation, or nil when the file is not one or breaks its rules.
    init?(_ data: Data, maxFrames: Int) {
        let bytes = [UInt8](data)
        guard bytes.starts(with: Self.signature) else { return nil }
        func u32(_ at: Int) -> Int? { at + 4 <= bytes.count ? bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } : nil }
        func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        var offset = 8, sequence = 0
        var canvas: (Int, Int)?, tail: [UInt8] = [], plays = 0, announced = 0
        var frames: [Frame] = [], shared: [Range<Int>] = [], seenData = false
        while let length = u32(offset), length <= bytes.count, offset + 12 + length <= bytes.count {
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), body = offset + 8
            switch type {
            case "IHDR" where length == 13:
                guard let w = u32(body), let h = u32(body + 4), w > 0, h > 0, w <= PixelSize.maxSide, h <= PixelSize.maxSide else { return nil }
                canvas = (w, h)
                tail = Array(bytes[body + 8..<body + 13])
            case "acTL" where length == 8:
                guard announced == 0 else { return nil } // the specification allows one
                announced = u32(body) ?? 0
                plays = u32(body + 4) ?? 0
            case "PLTE", "tRNS":
                shared.append(offset..<offset + 12 + length)
            case "fcTL" where length == 26:
                guard let (w, h) = canvas, u32(body) == sequence, let fw = u32(body + 4), let fh = u32(body + 8),
                      let fx = u32(body + 12), let fy = u32(body + 16), let num = u16(body + 20), let den = u16(body + 22),
                      fw > 0, fh > 0, fx + fw <= w, fy + fh <= h, bytes[body + 24] <= 2, bytes[body + 25] <= 1,
                      frames.count < maxFrames else { return nil }
                sequence += 1
                // The first frame's "previous" disposal is a clear (the specification's rule).
                let dispose = frames.isEmpty && bytes[body + 24] == 2 ? 1 : Int(bytes[body + 24])
                frames.append(Frame(x: fx, y: fy, width: fw, height: fh, milliseconds: num * 1000 / (den == 0 ? 100 : den),
                                    dispose: dispose, blend: Int(bytes[body + 25])))
            case "IDAT":
                seenData = true
                // The default image is the first frame when its fcTL came before it; no other
                // frame's control may come before the default image's data.
                guard frames.count <= 1 else { return nil }
                if frames.count == 1 { frames[0].data.append(body..<body + length) }
            case "fdAT":
                // An fdAT of a sequence number alone is allowed: the frame's data goes on in the next.
                guard seenData, !frames.isEmpty, length >= 4, u32(body) == sequence else { return nil }
                sequence += 1
                frames[frames.count - 1].data.append(body + 4..<body + length)
            case "IEND":
                guard let (w, h) = canvas, announced >= 1, frames.count == announced, frames.allSatisfy({ !$0.data.isEmpty }) else {
                    return nil
                }
                (width, height, loopCount, self.frames, headerTail, self.shared) = (w, h, plays, frames, tail, shared)
                return
            default:
                break
            }
            offset += 12 + length
        }
        return nil
    }

    /// Frame `index` as a PNG of its own: the IHDR at the frame's size, the shared chunks, its
    /// data as IDAT, IEND.
    func framePNG(_ index: Int, from data: Data) -> Data {
        let bytes = [UInt8](data), frame = frames[index]
        var png = Data(Self.signature)
        func chunk(_ type: String, _ body: [UInt8]) {
            png.append(contentsOf: withUnsafeBytes(of: UInt32(body.count).bigEndian) { Array($0) })
            let typed = Data(type.utf8) + body
            png.append(typed)
            png.append(contentsOf: withUnsafeBytes(of: CRC32.of(typed).bigEndian) { Array($0) })
        }
        let size = withUnsafeBytes(of: UInt32(frame.width).bigEndian) { Array($0) } + withUnsafeBytes(of: UInt32(frame.height).bigEndian) { Array($0) }
        chunk("IHDR", size + headerTail)
        for range in shared { png.append(contentsOf: bytes[range]) }
        chunk("IDAT", frame.data.flatMap { Array(bytes[$0]) })
        chunk("IEND", [])
        return png
    }
}
