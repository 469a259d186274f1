import Foundation

/// The one way to a picture's decoders, spoken as glycin's loader is: `open` a picture for what
/// it says about itself, ask it for a `frame`, ask it for an `edit` (a file); and read a list of
/// `links`, untrusted bytes too. Two implementations, one conversation: `SandboxedPictureLoader`
/// sends each call to a sandboxed worker as one message (`DecodeRequest.Message`), the app's
/// way; `InProcessPictureLoader` runs the same steps here — in the worker itself, and where
/// isolation is off (the benchmark's in-process runs). `DecoderIsolation.loader` picks the
/// one for this process. The pipeline's steps (`PicturePipeline.frame`, `TurnedCopy`,
/// `MetadataReading`, `LinksDocument`) are written once, behind both.
protocol PictureLoader: Sendable {
    /// What the picture says about itself: its facts and metadata, for the properties. Nil when
    /// it could not be read (a worker that failed): never a failure the person sees.
    func open(_ bytes: PictureBytes, cancellation: DecodeCancellation?) -> PictureMetadata?

    /// `request` of the picture, upright, in sRGB unless the request keeps its colour; with a
    /// clip, where its pixels lie (`DecodedFrame.placement`). Nil only for bytes still
    /// arriving (`PictureBytes.complete` false) of which nothing can be drawn yet. `gate` holds
    /// the pixel limit, the fit and the cancellation; the budget the frame carries is the app's.
    func frame(_ bytes: PictureBytes, _ request: FrameRequest, gate: LoaderSizeGate) throws(LoadError) -> DecodedFrame?

    /// The picture as `edit` turns and crops it, as a file (`TurnedCopy`).
    func edit(_ bytes: PictureBytes, _ edit: PictureEdit, maxPixels: Int) throws(LoadError) -> TurnedCopy.File

    /// The entries of a links file; nil when its reader failed (crashed, ran out of time, or
    /// answered something no file could give).
    func links(_ data: Data, cancellation: DecodeCancellation) -> LinksRead?
}

/// What an edit does to a picture: the person's turn, then a crop of the picture so turned.
struct PictureEdit: Equatable {
    var turn = PictureTurn.none
    var crop: CropArea?
}

/// A links file as read: its entries, and the reply they came in, which the repository saves
/// beside the file so the next start reads the entries back without a worker.
struct LinksRead {
    let document: LinksReply.Document
    let reply: Data
}

extension PictureLoader {
    /// `open` with nothing to cancel it.
    func open(_ bytes: PictureBytes) -> PictureMetadata? { open(bytes, cancellation: nil) }

    /// `links` at the priority of a list a person waits for.
    func links(_ data: Data) -> LinksRead? { links(data, cancellation: DecodeCancellation(priority: .interactive)) }
}
