/// Which decoders read a format, in the order they are tried: a specialised one first where it
/// does better than gdk-pixbuf's loader (less memory, colour managed ink, frames no loader
/// reads), the loaders last (`PixbufLoading`, which itself tries every loader of the format).
enum DecoderRegistry {
    static func decoders(for format: ImageFormat) -> [any PictureDecoder.Type] {
        switch format {
        // CMYK ink through its profile (gdk-pixbuf converts it without one).
        case .jpeg: [CMYKJPEGDecoding.self, PixbufLoading.self]
        // Row by row into the smaller picture, never the whole one.
        case .png: [PNGRowScaling.self, PixbufLoading.self]
        // Image sequences, which neither loader reads.
        case .avif: [AVIFSequenceDecoding.self, PixbufLoading.self]
        default: [PixbufLoading.self]
        }
    }
}
