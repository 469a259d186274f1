/// A size in device pixels: what a decoder is asked to produce, or what it produced.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The longest side anything outside the app (a file's header, a worker's reply, a cache
    /// record) is believed to declare: no decoder here makes a longer one (libjpeg stops at
    /// 65,500, WebP at 16,384). A larger side is read as this, which is still far too large to
    /// decode, and keeps every product of two sides and a few channels or frames far below
    /// `Int.max` — 2³² − 1 squared is not (an AVIF whose `ispe` said so killed the app).
    public static let maxSide = 1 << 24

    /// A side from outside, bounded: below 0 is 0, above `maxSide` is `maxSide`.
    public static func bounded(_ side: Int) -> Int { min(max(side, 0), maxSide) }

    public var pixels: Int { width * height }
    public var swapped: PixelSize { PixelSize(width: height, height: width) }
    public var description: String { "\(width)×\(height)" }
}
