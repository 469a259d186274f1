/// Which decoders read a format, in the order they are tried: a specialised one first where it
/// does better than gdk-pixbuf's loader (a zoom's region, rows still arriving, less memory,
/// colour-managed ink, frames no loader reads), the loaders last (`PixbufLoading`, which
/// itself tries every loader of the format). Each says what it can do (`abilities`); the
/// pipeline picks those that serve a request.
enum DecoderRegistry {
    static func decoders(for format: ImageFormat) -> [any PictureDecoder.Type] {
        switch format {
        // A zoom's region, CMYK ink through its profile (gdk-pixbuf converts it without one).
        case .jpeg: [JPEGRegionDecoding.self, CMYKJPEGDecoding.self, PixbufLoading.self]
        // The rows or passes received; an APNG's frames; row by row into the smaller picture,
        // never the whole.
        case .png: [PNGArrivingRows.self, APNGDecoding.self, PNGRowScaling.self, PixbufLoading.self]
        // Image sequences (their frames when asked for), which neither loader reads.
        case .avif: [AVIFSequenceDecoding.self, PixbufLoading.self]
        // libjxl: no gdk-pixbuf loader on Debian 12; a file still arriving drawn as libjxl can.
        case .jxl: [JXLArrivingPasses.self, JXLDecoding.self]
        // An animation's frames, which the loader does not give.
        case .webp: [AnimatedWebPDecoding.self, PixbufLoading.self]
        // A camera RAW (DNG, CR2, NEF…) is a TIFF that LibRaw reads; any other TIFF, the loader.
        case .tiff: [RAWDecoding.self, PixbufLoading.self]
        // A camera maker's own container: LibRaw alone.
        case _ where format.isCameraRAWContainer: [RAWDecoding.self]
        default: [PixbufLoading.self]
        }
    }

    /// How the arrived bytes of a format without a partial-bytes decoder are made whole for its
    /// whole decoders (`ArrivedBytesCompletion`): a JPEG's, with an end marker after its rows.
    static func completion(for format: ImageFormat) -> (any ArrivedBytesCompletion.Type)? {
        format == .jpeg ? JPEGArrivedBytes.self : nil
    }

    /// Every decoder there is, in a fixed order: a failure's decoder crosses from a worker as
    /// its library's place here (`DecodeReply.Header.refusedBy`).
    static let libraries = [PixbufLoading.library, JPEGRegionDecoding.library, CMYKJPEGDecoding.library,
                            PNGArrivingRows.library, APNGDecoding.library, PNGRowScaling.library, AVIFSequenceDecoding.library,
                            JXLArrivingPasses.library, JXLDecoding.library, AnimatedWebPDecoding.library, RAWDecoding.library]

    /// `library` as the reply carries it: its place in `libraries` plus one, 0 for none.
    static func code(of library: String?) -> Int { library.flatMap { libraries.firstIndex(of: $0) }.map { $0 + 1 } ?? 0 }

    /// The library a reply's code names; nil for 0 or a code that names none.
    static func library(code: Int) -> String? { libraries.indices.contains(code - 1) ? libraries[code - 1] : nil }

    /// The decoders of `format` that can serve a request needing `ability`.
    static func decoders(for format: ImageFormat, able ability: DecoderAbilities) -> [any PictureDecoder.Type] {
        decoders(for: format).filter { $0.abilities.contains(ability) }
    }
}
