/// A size in device pixels: what a decoder is asked to produce, or what it produced.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var pixels: Int { width * height }
    public var swapped: PixelSize { PixelSize(width: height, height: width) }
    public var description: String { "\(width)×\(height)" }
}
