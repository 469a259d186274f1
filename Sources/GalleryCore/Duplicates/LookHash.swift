import CGtk

/// How a picture looks, in 88 bits, to find the same picture behind other links: resized,
/// re-encoded or lightly recompressed copies look alike, different photos do not. A difference
/// hash ("dHash") of 64 bits — the picture's brightness averaged over 9 × 8 cells, one bit per
/// pair of neighbouring cells saying which is brighter — and its mean colour, which tells apart
/// what the gradients cannot (two flat pictures of different colours).
///
/// Made from the thumbnail's pixels (`ImageDecoder.thumbnail`: the whole picture at thumbnail
/// scale, upright, as the worker sent it), so finding copies costs no download, decode or
/// message of its own; kept in the thumbnail's file (`ThumbnailPNG`), so a relaunch has it.
///
/// The thresholds were tuned on the public photos of the test fixtures (`LookHashTests` prints
/// the figures): copies at half and a quarter of the size and at JPEG quality 50–70 differ in at
/// most 8 bits and 3 levels of colour; different photos in 15 bits or more, or in 26 levels of
/// colour or more.
public struct LookHash: Sendable, Hashable {
    /// Bit 63 − (8 · row + column): the cell right of (row, column) is brighter.
    public let gradients: UInt64
    /// The mean colour, 8-bit sRGB.
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    /// Gradients that differ in at most this many bits may be one picture.
    public static let nearBits = 10
    /// Mean colours that differ by at most this much in every channel may be one picture.
    public static let nearColour = 24

    public init(gradients: UInt64, red: UInt8, green: UInt8, blue: UInt8) {
        self.gradients = gradients
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// How many of the 64 gradients differ.
    public func distance(to other: LookHash) -> Int { (gradients ^ other.gradients).nonzeroBitCount }

    /// The same picture, as far as its look tells.
    public func isNear(_ other: LookHash) -> Bool {
        distance(to: other) <= Self.nearBits && abs(Int(red) - Int(other.red)) <= Self.nearColour
            && abs(Int(green) - Int(other.green)) <= Self.nearColour && abs(Int(blue) - Int(other.blue)) <= Self.nearColour
    }

    /// The look of an 8-bit RGB or RGBA pixbuf of 9 × 8 pixels to 16 megapixels (a thumbnail:
    /// the cells' sums and their cross products stay far within `Int`); nil for anything else.
    public init?(pixbuf: OpaquePointer) {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard width >= 9, height >= 8, width <= 1 << 24, height <= 1 << 24, width * height <= 1 << 24, channels >= 3, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8,
              let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        // Sums per cell: brightness (Rec. 601 weights, in thousandths), then red, green, blue.
        var brightness = [Int](repeating: 0, count: 72), colour = (0, 0, 0)
        var counts = [Int](repeating: 0, count: 72)
        let cellOfColumn = (0..<width).map { $0 * 9 / width }
        for y in 0..<height {
            let row = pixels + y * stride, cellRow = y * 8 / height * 9
            for x in 0..<width {
                let pixel = row + x * channels
                let (r, g, b) = (Int(pixel[0]), Int(pixel[1]), Int(pixel[2]))
                let cell = cellRow + cellOfColumn[x]
                brightness[cell] += 299 * r + 587 * g + 114 * b
                counts[cell] += 1
                colour = (colour.0 + r, colour.1 + g, colour.2 + b)
            }
        }
        var bits: UInt64 = 0
        for row in 0..<8 {
            for column in 0..<8 {
                // Means compared by cross-multiplying: no division, no rounding.
                let left = row * 9 + column, right = left + 1
                bits = bits << 1 | (brightness[right] * counts[left] > brightness[left] * counts[right] ? 1 : 0)
            }
        }
        let pixelCount = width * height
        self.init(gradients: bits, red: UInt8(colour.0 / pixelCount), green: UInt8(colour.1 / pixelCount),
                  blue: UInt8(colour.2 / pixelCount))
    }

    /// As written in a thumbnail's file: 16 hex digits, a slash, 6 hex digits.
    public var text: String {
        let hex = String(gradients, radix: 16), colour = (Int(red) << 16) | (Int(green) << 8) | Int(blue)
        let colourHex = String(colour, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "/" + String(repeating: "0", count: 6 - colourHex.count) + colourHex
    }

    /// Reads `text` back; nil for anything that is not exactly that shape.
    public init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 16, parts[1].count == 6,
              let gradients = UInt64(parts[0], radix: 16), let colour = Int(parts[1], radix: 16) else { return nil }
        self.init(gradients: gradients, red: UInt8(colour >> 16), green: UInt8(colour >> 8 & 0xFF), blue: UInt8(colour & 0xFF))
    }
}
