import Foundation

/// One decoder behind the loader contract: given an opened picture (`OpenedPicture`) and a
/// request for the stored picture (`StoredRequest`), it makes pixels as stored — not turned
/// upright, not colour-converted unless it says so (`DecodedFrame.inSRGB`) — at the
/// gate's fit. It says what it can do (`abilities`): the registry (`DecoderRegistry`) lists,
/// for each format, the decoders to try in order, and the pipeline (`PicturePipeline.frame`)
/// asks those able to serve the request and does every shared step once around them: limits,
/// colour to sRGB, clearing rows not received yet, orientation.
protocol PictureDecoder {
    static var abilities: DecoderAbilities { get }
    /// The library that decodes, as a bug report names it ("libjpeg-turbo", "gdk-pixbuf"): the
    /// failure Details say which one refused a picture (`DecoderRefusal`).
    static var library: String { get }

    /// The pixels, or nil when this decoder does not take this picture or request (the next
    /// decoder of the format does). Throws for what is the picture's own fault: too large,
    /// damaged, cancelled. The context's gate has the fit (already turned for a picture stored
    /// on its side), the pixel limit, the budget and the cancellation; a picture inside the
    /// picture is decoded through the context (`DecodeContext.nested`). With `request.clip`, the
    /// pixels are exactly its rectangle; of partial bytes, `rowsFinal` says how many stored
    /// rows from the top are final.
    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame?
}
