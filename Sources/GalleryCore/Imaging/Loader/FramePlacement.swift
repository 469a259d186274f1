/// Where a clip's pixels lie in the whole picture: what a zoom's detail needs to draw them.
struct FramePlacement {
    /// The whole picture, upright, in source pixels.
    let imageSize: PixelSize
    /// Where the pixels start, in upright pixels at `scale`.
    let origin: (x: Int, y: Int)
    /// Decoded pixels per source pixel.
    let scale: Double
}
