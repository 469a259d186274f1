import CColorManagement
import CJXLDecode
import CPictureFacts
import Foundation

/// What a picture says about itself before it is decoded: its size, its colour profile, its
/// EXIF orientation, whether it has alpha. Read once per decode, at the start of the pipeline
/// (`PicturePipeline`), and handed to every step, so the decoder, the colour conversion and the
/// turn upright all see the same facts.
///
/// Read by the library that decodes the format (`CPictureFacts`): libjpeg, libpng, libheif,
/// libwebp's demuxer, libtiff, libjxl, LibRaw, and gexiv2 for the EXIF inside them. Only where no such library
/// is at hand is the header read by hand — a GIF's and a BMP's size (`ImageHeaderSize`), a GIF's
/// profile (`GIFColorProfile`) — each of them fuzzed (`Fuzz/`). Like every parse of outside
/// bytes, this runs in the sandboxed worker.
struct PictureFacts: Sendable {
    var format: ImageFormat?
    /// The size the decoder will produce, before the EXIF orientation; each side bounded by
    /// `PixelSize.maxSide`. Nil when the header did not say (or has not all arrived).
    var size: PixelSize?
    /// Pixels the decoder allocates to make `size` (a HEIF's or AVIF's whole `ispe` picture).
    var decodedPixels: Int?
    /// EXIF orientation, 1 (as stored) to 8.
    var orientation = 1
    var colorProfile: [UInt8]?
    var hasAlpha = false
    /// A JPEG of several scans: its rows do not arrive in order.
    var progressive = false
    /// A JPEG of ink (CMYK or YCCK).
    var cmyk = false
    /// The library's own limits refused the header: the picture is far too large.
    var beyondLimits = false
    /// An animation of two frames or more (GIF, APNG, WebP, an AVIF sequence, JPEG XL).
    var animated = false
    /// Its frames and canvas, where the container counts them (nil when it does not: a JPEG XL
    /// cut short, more frames than the app plays).
    var animation: AnimationExtent?

    /// True when the picture is stored on its side: upright, its width and height swap.
    var turnsSides: Bool { (5...8).contains(orientation) }

    /// The size once turned upright.
    var uprightSize: PixelSize? { turnsSides ? size?.swapped : size }

    /// A profile lcms would take: the 128-byte header and a tag count at least, within its bound.
    static let profileBytes = 132...Int(COLORMANAGEMENT_MAX_PROFILE_BYTES)

    static func read(_ data: Data) -> PictureFacts {
        let format = ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength))
        var facts = PictureFacts(format: format)
        // An AVIF sequence, which libheif does not read: its brand says so, libavif counts it.
        if format == .avif, AVIFSequenceDecoding.isSequence(data) {
            facts.animated = true
            facts.animation = AVIFSequenceDecoding.extent(of: data)
        }
        if let format, format.isCameraRAWContainer {
            RAWDecoding.readFacts(data, into: &facts) // LibRaw alone reads these
            return facts
        }
        let reader: ((UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<picturefacts>?) -> Int32)?
        switch format {
        case .jpeg: reader = picturefacts_read_jpeg
        case .png: reader = picturefacts_read_png
        case .heif, .avif: reader = picturefacts_read_heif
        case .webp: reader = picturefacts_read_webp
        case .tiff: reader = picturefacts_read_tiff
        case .jxl: reader = picturefacts_read_jxl
        default: reader = nil
        }
        guard let reader else {
            facts.size = ImageHeaderSize.declaredSize(of: data).map { PixelSize(width: $0.width, height: $0.height) }
            facts.decodedPixels = facts.size?.pixels
            if format == .gif {
                facts.colorProfile = GIFColorProfile.of(data)
                let layout = GIFStructure.layout(of: data)
                facts.animated = (layout?.frameCount ?? 0) >= 2
                facts.animation = layout.flatMap {
                    AnimationExtent(frameCount: $0.frameCount, canvas: PixelSize(width: $0.extentWidth, height: $0.extentHeight))
                }
            }
            return facts
        }
        var read = picturefacts()
        defer { picturefacts_release(&read) }
        let status = data.withUnsafeBytes { reader($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &read) }
        facts.beyondLimits = Int(status) == PICTUREFACTS_TOO_LARGE
        guard Int(status) == PICTUREFACTS_OK else { return facts }
        let size = PixelSize(width: PixelSize.bounded(Int(read.width)), height: PixelSize.bounded(Int(read.height)))
        facts.size = size
        let decoded = PixelSize(width: PixelSize.bounded(Int(read.decoded_width)), height: PixelSize.bounded(Int(read.decoded_height)))
        facts.decodedPixels = max(size.pixels, decoded.pixels)
        facts.orientation = (1...8).contains(Int(read.orientation)) ? Int(read.orientation) : 1
        facts.hasAlpha = read.has_alpha != 0
        facts.progressive = read.progressive != 0
        facts.cmyk = read.cmyk != 0
        facts.animated = facts.animated || read.animated != 0 || (format == .png && APNGStructure.isAnimated(data))
        if facts.animated, facts.animation == nil {
            let count = format == .png ? APNGStructure.frameCount(data) : Int(read.frame_count)
            facts.animation = count.flatMap { AnimationExtent(frameCount: $0, canvas: size) }
        }
        let codes = read.has_cicp != 0 ? CodingIndependentCodePoints(read.cicp) : nil
        if let codes, format == .png || codes.differFromSRGB, let profile = codes.profile {
            facts.colorProfile = profile // cICP first, as browsers read it; an AVIF's nclx, a JPEG XL's HDR
        } else if let profile = read.profile, profileBytes.contains(read.profile_size) {
            facts.colorProfile = Array(UnsafeBufferPointer(start: profile, count: read.profile_size))
        } else if format == .png, read.png_srgb == 0 {
            // No iCCP and no sRGB chunk: what gAMA and cHRM say, as browsers apply them.
            let chromaticities = read.png_has_chromaticities != 0
                ? withUnsafeBytes(of: read.png_chromaticities) { Array($0.bindMemory(to: Double.self)) } : nil
            facts.colorProfile = ColorProfileConversion.profile(pngGamma: read.png_gamma, chromaticities: chromaticities)
        }
        return facts
    }
}
