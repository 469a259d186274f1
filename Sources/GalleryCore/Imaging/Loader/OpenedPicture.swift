import Foundation

/// A picture opened once, as glycin's loader opens one before it is asked for frames: its bytes
/// (all of them, or those that have arrived so far), what they say about themselves
/// (`PictureFacts`, read by the format's own library) and whether they are complete. Every
/// frame request (`FrameRequest`) of the same picture reuses it, so the header is parsed once
/// however often a zoom asks for detail: a worker keeps the pictures it opened
/// (`OpenedPictures`), and an in-process decode opens one per call.
///
/// Opening reads and checks, and decodes nothing: a favicon whose largest picture is a PNG is
/// that PNG (gdk-pixbuf's ICO loader refuses it), a header the format's library refuses as too
/// large is `.tooLarge`, bytes that are no picture `.notAnImage`.
struct OpenedPicture: @unchecked Sendable { // immutable; `Data` over a read-only mapping or a copy
    let data: Data
    let facts: PictureFacts
    let format: ImageFormat
    /// False while a download is still arriving, or for a file cut short: only decoders that
    /// read partial bytes (`DecoderAbilities.partialBytes`) draw it, and nothing calls it damaged.
    let bytesComplete: Bool

    /// Opens `data`; `known` are the facts of the same header read already. `arriving`: the
    /// start of a download still coming in, complete only where its end can be seen (a JPEG XL,
    /// which has no end marker to look for, is then partial).
    init(_ data: Data, known: PictureFacts? = nil, arriving: Bool = false) throws(LoadError) {
        guard !data.isEmpty else { throw .damaged }
        var data = data
        if ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength)) == .ico,
           let png = ICOEntries.largestPNG(in: data) {
            data = png
        }
        let facts = known ?? PictureFacts.read(data)
        guard let format = facts.format else { throw .notAnImage }
        if facts.beyondLimits { throw .tooLarge }
        self.data = data
        self.facts = facts
        self.format = format
        bytesComplete = TruncationCheck.seesTheEnd(of: format)
            ? !data.withUnsafeBytes { TruncationCheck.isTruncated($0, format: format) }
            : !arriving
    }

    /// The same picture with other bytes (what arrived, completed for a decoder), same facts.
    init(completing picture: OpenedPicture, with data: Data) {
        self.data = data
        facts = picture.facts
        format = picture.format
        bytesComplete = true
    }
}
