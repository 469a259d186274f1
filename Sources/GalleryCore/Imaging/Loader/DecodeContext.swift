/// What a decoder is handed beside the picture and the request: the gate (the fit, the pixel
/// limit, the cancellation), and for a picture that holds another — a camera RAW's JPEG
/// preview, an APNG's frames, each a PNG — the way to decode that one: through the registry's
/// decoders of its format (`nested`), never by calling another decoder or the pipeline itself.
struct DecodeContext {
    let gate: LoaderSizeGate
    /// The whole of a picture found inside the one being decoded, as stored, under `gate`; nil
    /// when no decoder of its format takes it.
    let nested: (_ picture: OpenedPicture, _ gate: LoaderSizeGate) throws(LoadError) -> DecodedFrame?
}
