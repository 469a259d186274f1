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

    /// What decoding will allocate, read from the frame descriptors: gdk-pixbuf decodes each
    /// frame at the size its descriptor declares, wherever it lies, so a 1×1 canvas can hold a
    /// 16000×16000 frame (a 174 KB file took 2 s and 284 MB for a thumbnail). The extent is the
    /// canvas grown to cover every frame: the pixel limit and the decode budget check it.
    struct Layout: Equatable {
        let frameCount: Int
        let loopCount: Int
        /// The canvas and every frame's rectangle together.
        let extentWidth: Int
        let extentHeight: Int
        /// The largest single frame, in pixels: the index buffer one frame decodes into.
        let largestFramePixels: Int
        /// Some frame reaches past the declared canvas.
        let framesOutsideCanvas: Bool
    }

    /// `nil` also when a frame lies outside the canvas: such a GIF is shown as a still, so its
    /// frames are never all decoded (20 frames of 16000×16000 in a 1×1 canvas took 41 s).
    static func summary(of data: Data) -> Summary? {
        guard let layout = layout(of: data), !layout.framesOutsideCanvas else { return nil }
        return Summary(frameCount: layout.frameCount, loopCount: layout.loopCount)
    }

    static func layout(of data: some Collection<UInt8>) -> Layout? {
        let bytes = [UInt8](data)
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        var position = 13 + colorTableSize(packed: bytes[10])
        var layout = LayoutBuilder(canvasWidth: littleEndian16(bytes, 6), canvasHeight: littleEndian16(bytes, 8))
        walk: while position < bytes.count {
            switch bytes[position] {
            case 0x2C: // image descriptor: 9 bytes, optional local colour table, LZW size, data
                guard position + 10 <= bytes.count else { break walk }
                layout.addFrame(left: littleEndian16(bytes, position + 1), top: littleEndian16(bytes, position + 3),
                                width: littleEndian16(bytes, position + 5), height: littleEndian16(bytes, position + 7))
                position += 10 + colorTableSize(packed: bytes[position + 9]) + 1
                position = skipSubBlocks(bytes, from: position)
            case 0x21: // extension: label, then sub-blocks
                guard position + 2 <= bytes.count else { break walk }
                let label = bytes[position + 1]
                position += 2
                if label == 0xFF, let count = netscapeLoopCount(bytes, at: position) { layout.loops = count }
                position = skipSubBlocks(bytes, from: position)
            default: // 0x3B trailer, or garbage after the last frame: either way, done
                break walk
            }
        }
        return layout.finished
    }

    private struct LayoutBuilder {
        var width: Int
        var height: Int
        var frames = 0
        var loops = 1
        var largestFrame = 0
        let canvasWidth: Int
        let canvasHeight: Int

        init(canvasWidth: Int, canvasHeight: Int) {
            self.canvasWidth = canvasWidth
            self.canvasHeight = canvasHeight
            width = canvasWidth
            height = canvasHeight
        }

        mutating func addFrame(left: Int, top: Int, width frameWidth: Int, height frameHeight: Int) {
            frames += 1
            width = max(width, left + frameWidth)
            height = max(height, top + frameHeight)
            largestFrame = max(largestFrame, frameWidth * frameHeight)
        }

        var finished: Layout? {
            frames > 0 ? Layout(frameCount: frames, loopCount: loops, extentWidth: width, extentHeight: height,
                                largestFramePixels: largestFrame,
                                framesOutsideCanvas: width > canvasWidth || height > canvasHeight) : nil
        }
    }

    private static func littleEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
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
