import Foundation

/// Walks a GIF's blocks without decoding any pixels, to learn how many frames it has and how
/// often it loops. gdk-pixbuf's animation API only offers a clock-driven iterator that wraps
/// around after the last frame, so the frame count is what tells us where one cycle ends.
enum GIFStructure {
    struct Summary: Equatable {
        let frameCount: Int
        /// From the NETSCAPE2.0 extension: 0 loops forever. Without the extension a GIF plays
        /// once, as in browsers and gdk-pixbuf.
        let loopCount: Int
    }

    static func summary(of data: Data) -> Summary? {
        let bytes = [UInt8](data)
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        var position = 13 + colorTableSize(packed: bytes[10])
        var frames = 0
        var loops = 1
        while position < bytes.count {
            switch bytes[position] {
            case 0x2C: // image descriptor: 9 bytes, optional local colour table, LZW size, data
                guard position + 10 <= bytes.count else { return finish(frames, loops) }
                position += 10 + colorTableSize(packed: bytes[position + 9]) + 1
                position = skipSubBlocks(bytes, from: position)
                frames += 1
            case 0x21: // extension: label, then sub-blocks
                guard position + 2 <= bytes.count else { return finish(frames, loops) }
                let label = bytes[position + 1]
                position += 2
                if label == 0xFF, let count = netscapeLoopCount(bytes, at: position) { loops = count }
                position = skipSubBlocks(bytes, from: position)
            default: // 0x3B trailer, or garbage after the last frame: either way, done
                return finish(frames, loops)
            }
        }
        return finish(frames, loops)
    }

    private static func finish(_ frames: Int, _ loops: Int) -> Summary? {
        frames > 0 ? Summary(frameCount: frames, loopCount: loops) : nil
    }

    /// A colour table follows when bit 7 is set; bits 0–2 give 2^(n+1) RGB entries.
    private static func colorTableSize(packed: UInt8) -> Int {
        packed & 0x80 != 0 ? 3 << (Int(packed & 0x07) + 1) : 0
    }

    private static func skipSubBlocks(_ bytes: [UInt8], from start: Int) -> Int {
        var position = start
        while position < bytes.count {
            let size = Int(bytes[position])
            position += 1 + size
            if size == 0 { break }
        }
        return position
    }

    /// `0B "NETSCAPE2.0" 03 01 <loop count, little-endian 16 bit>`
    private static func netscapeLoopCount(_ bytes: [UInt8], at position: Int) -> Int? {
        guard position + 16 <= bytes.count, bytes[position] == 11,
              bytes[(position + 1)...(position + 11)].elementsEqual(Array("NETSCAPE2.0".utf8)),
              bytes[position + 12] == 3, bytes[position + 13] == 1 else { return nil }
        return Int(bytes[position + 14]) | Int(bytes[position + 15]) << 8
    }
}
