import CGtk

/// How a picture looks, in 2,200 bits, to find the same picture behind other links: resized,
/// re-encoded or lightly recompressed copies look alike, different photos do not. Difference
/// hashes ("dHash") — the picture's brightness averaged over 9 × 9 cells, one bit per pair of
/// neighbouring cells saying which is brighter: 64 bits across, 64 down — and its mean
/// colour, which tells apart what the gradients cannot (two flat pictures of different
/// colours); then, for the looks the gradients find near (`LookIndex`), the brightness of
/// 16 × 16 cells.
///
/// Made from the thumbnail's pixels (`ImageDecoder.thumbnail`: the whole picture at thumbnail
/// scale, upright, as the worker sent it), so finding copies costs no download, decode or
/// message of its own; kept in the thumbnail's file (`ThumbnailPNG`), so a relaunch has it.
///
/// The thresholds were tuned on the public photos of the test fixtures and their copies made by
/// Pillow (`LookHashTests` prints how many it joins and keeps apart; BENCHMARKS.md has the
/// figures): copies resized or re-encoded are joined, other shots of a scene and different
/// photos kept apart, with a margin; a copy with a few per cent cut off each side mostly joined.
/// The shades were added when the gradients alone joined different pictures of simple shapes
/// among ten thousand (`DuplicateBenchmarks`).
public struct LookHash: Sendable, Hashable {
    /// Bit 63 − (8 · row + column): the cell right of (row, column) is brighter.
    public let gradients: UInt64
    /// Bit 63 − (8 · column + row): the cell below (row, column) is brighter.
    public let verticalGradients: UInt64
    /// The brightness of 16 × 16 cells, row by row: what tells apart pictures whose coarse
    /// gradients agree (pages of text, shapes on one background).
    public let shades: [UInt8]
    /// The mean colour, 8-bit sRGB.
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    /// Gradients across that differ in at most this many bits may be one picture.
    public static let nearBits = 11
    /// Gradients down that differ in at most this many bits may be one picture.
    public static let nearBitsDown = 16
    /// Both gradients together may differ in at most this many bits.
    public static let nearBitsInAll = 24
    /// Mean colours that differ by at most this much in every channel may be one picture.
    public static let nearColour = 24
    /// Shades that differ by at most this many levels on average may be one picture.
    public static let nearShades = 12

    /// `shades`: 256 of them, or the look has none to compare (every look is near in shades then).
    public init(gradients: UInt64, verticalGradients: UInt64, shades: [UInt8] = [], red: UInt8, green: UInt8, blue: UInt8) {
        self.gradients = gradients
        self.verticalGradients = verticalGradients
        self.shades = shades.count == 256 ? shades : []
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// How many of the 64 gradients across differ (what `LookIndex` files looks by).
    public func distance(to other: LookHash) -> Int { (gradients ^ other.gradients).nonzeroBitCount }

    /// The same picture, as far as its look tells.
    public func isNear(_ other: LookHash) -> Bool {
        Self.coarselyNear(self, other) && shadeDifference(to: other, stoppingPast: Self.nearShades) <= Self.nearShades
    }

    /// Near in gradients and colour, what most looks compared fail on: plain integers, so
    /// `LookIndex` asks it of many before it looks at any shades.
    static func coarselyNear(_ one: LookHash, _ other: LookHash) -> Bool {
        let across = one.distance(to: other), down = (one.verticalGradients ^ other.verticalGradients).nonzeroBitCount
        return across <= nearBits && down <= nearBitsDown && across + down <= nearBitsInAll
            && abs(Int(one.red) - Int(other.red)) <= nearColour && abs(Int(one.green) - Int(other.green)) <= nearColour
            && abs(Int(one.blue) - Int(other.blue)) <= nearColour
    }

    /// The mean difference of the 256 shades, in levels (0 when either look has none), given
    /// up once past `limit` (returning more than it): most looks compared are not the picture,
    /// and say so in their first rows.
    private func shadeDifference(to other: LookHash, stoppingPast limit: Int) -> Int {
        guard shades.count == 256, other.shades.count == 256 else { return 0 }
        let most = (limit + 1) * 256
        return shades.withUnsafeBufferPointer { mine in
            other.shades.withUnsafeBufferPointer { theirs in
                var total = 0
                for row in 0..<16 {
                    for column in 0..<16 { total += abs(Int(mine[row * 16 + column]) - Int(theirs[row * 16 + column])) }
                    if total >= most { return total / 256 }
                }
                return total / 256
            }
        }
    }

    /// The look of an 8-bit RGB or RGBA pixbuf of 16 × 16 pixels to 16 megapixels (a thumbnail:
    /// the cells' sums and their cross products stay far within `Int`); nil for anything else.
    public init?(pixbuf: OpaquePointer) {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), rowStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard width >= 16, height >= 16, width <= 1 << 24, height <= 1 << 24, width * height <= 1 << 24, channels >= 3, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8,
              let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        // Every `step`-th pixel of every `step`-th row, about 50 across the shorter side, so that
        // a cell of 16 averages about twenty samples and one of 9 about sixty, whatever the size:
        // a thumbnail's look costs tens of microseconds, not the thumbnail's milliseconds.
        let step = max(1, min(width / 48, height / 48))
        // Sums per cell (Rec. 601 brightness in thousandths, and how many samples), of 9 × 9 and
        // of 16 × 16 cells, in one block of plain memory: the loop touches nothing Swift would
        // check or count.
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: 2 * 81 + 2 * 256)
        sums.initialize(repeating: 0, count: 2 * 81 + 2 * 256)
        defer { sums.deallocate() }
        let brightness = sums, counts = sums + 81, fine = sums + 162, fineCounts = sums + 418
        var (red, green, blue, samples) = (0, 0, 0, 0)
        // Each column's cell of 9 and cell of 16, packed.
        let columns = UnsafeMutablePointer<Int>.allocate(capacity: width)
        defer { columns.deallocate() }
        for x in 0..<width { columns[x] = x * 9 / width | (x * 16 / width) << 8 }
        for y in stride(from: step / 2, to: height, by: step) {
            let row = pixels + y * rowStride, cellRow = y * 9 / height * 9, fineRow = y * 16 / height * 16
            for x in stride(from: step / 2, to: width, by: step) {
                let pixel = row + x * channels
                let (r, g, b) = (Int(pixel[0]), Int(pixel[1]), Int(pixel[2]))
                let cell = cellRow + columns[x] & 0xFF, fineCell = fineRow + columns[x] >> 8, light = 299 * r + 587 * g + 114 * b
                brightness[cell] += light
                counts[cell] += 1
                fine[fineCell] += light
                fineCounts[fineCell] += 1
                red += r
                green += g
                blue += b
                samples += 1
            }
        }
        // Means compared by cross-multiplying: no division, no rounding.
        func brighter(_ cell: Int, than other: Int) -> UInt64 {
            brightness[cell] * counts[other] > brightness[other] * counts[cell] ? 1 : 0
        }
        var across: UInt64 = 0, down: UInt64 = 0
        for first in 0..<8 {
            for second in 0..<8 {
                across = across << 1 | brighter(first * 9 + second + 1, than: first * 9 + second)
                down = down << 1 | brighter((second + 1) * 9 + first, than: second * 9 + first)
            }
        }
        let shades = (0..<256).map { UInt8(clamping: fine[$0] / max(1, fineCounts[$0] * 1000)) }
        samples = max(1, samples)
        self.init(gradients: across, verticalGradients: down, shades: shades, red: UInt8(red / samples),
                  green: UInt8(green / samples), blue: UInt8(blue / samples))
    }

    /// As written in a thumbnail's file: 16 hex digits across, 16 down, 6 of colour and 512 of
    /// shades (none when the look has none), by slashes.
    public var text: String {
        func hex(_ value: UInt64, digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: digits - text.count) + text
        }
        return hex(gradients, digits: 16) + "/" + hex(verticalGradients, digits: 16) + "/"
            + hex(UInt64(red) << 16 | UInt64(green) << 8 | UInt64(blue), digits: 6) + "/" + shades.map { hex(UInt64($0), digits: 2) }.joined()
    }

    /// Reads `text` back; nil for anything that is not exactly that shape.
    public init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count == 16, parts[1].count == 16, parts[2].count == 6, [0, 512].contains(parts[3].count),
              parts.allSatisfy({ $0.allSatisfy(\.isHexDigit) }), let across = UInt64(parts[0], radix: 16),
              let down = UInt64(parts[1], radix: 16), let colour = Int(parts[2], radix: 16) else { return nil }
        let digits = Array(parts[3].utf8)
        let shades = stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
        self.init(gradients: across, verticalGradients: down, shades: shades, red: UInt8(colour >> 16), green: UInt8(colour >> 8 & 0xFF),
                  blue: UInt8(colour & 0xFF))
    }
}
