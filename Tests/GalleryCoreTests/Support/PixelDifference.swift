import CGtk
@testable import GalleryCore

/// How far a picture shown is from its reference, both as premultiplied RGBA rows of one size:
/// the mean difference per channel, and the difference that all but the worst 0.1 % of the
/// channels stay within (one stray edge pixel of a scaled chroma plane is no failure; a wrong
/// crop, flip or colour moves far more than that).
struct PixelDifference {
    let mean: Double
    let largestOfMost: Int

    init(_ shown: [UInt8], _ reference: [UInt8]) {
        precondition(shown.count == reference.count, "pictures of one size")
        var histogram = [Int](repeating: 0, count: 256)
        var total = 0
        for index in shown.indices {
            let difference = abs(Int(shown[index]) - Int(reference[index]))
            histogram[difference] += 1
            total += difference
        }
        mean = shown.isEmpty ? 0 : Double(total) / Double(shown.count)
        var left = shown.count - shown.count / 1000
        var level = 0
        while level < 255, left > histogram[level] {
            left -= histogram[level]
            level += 1
        }
        largestOfMost = level
    }
}

extension TextureHandle {
    /// The texture's pixels as premultiplied RGBA rows (GDK downloads premultiplied BGRA).
    func premultipliedRGBA() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
        gdk_texture_download(texture, &bytes, gsize(pixelWidth * 4))
        for pixel in stride(from: 0, to: bytes.count, by: 4) { bytes.swapAt(pixel, pixel + 2) }
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Straight RGBA rows premultiplied by their alpha, rounded as GDK rounds.
    func premultiplied() -> [UInt8] {
        var bytes = self
        for pixel in stride(from: 0, to: bytes.count, by: 4) {
            let alpha = Int(bytes[pixel + 3])
            for channel in 0..<3 { bytes[pixel + channel] = UInt8((Int(bytes[pixel + channel]) * alpha + 127) / 255) }
        }
        return bytes
    }
}
