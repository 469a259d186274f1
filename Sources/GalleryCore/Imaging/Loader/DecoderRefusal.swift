/// Which library refused the picture of the decode running on this thread, for the failure
/// Details a person copies into a bug report. The pipeline notes the decoder whose failure it
/// passes on (`PicturePipeline.decodeStored`); whoever runs the decode reads it once the decode
/// failed: the worker into its reply (`DecodeReply.Header.refusedBy`), the app's side of a
/// loader into the decode's `DecodeCancellation`, which the repository hands to its
/// `FailureLog`.
final class DecoderRefusal {
    private static let threadKey = "link-gallery.decoder-refusal"

    /// The library of the decoder that threw last, on this thread's tracked decode.
    private(set) var library: String?

    /// Notes `library` as the one that refused, when a decode on this thread is tracked.
    static func note(_ library: String) {
        let current: DecoderRefusal? = ThreadCurrent.value(for: threadKey)
        current?.library = library
    }

    /// Runs `work`, and says which library refused when it threw.
    static func tracking<T>(_ work: () throws(LoadError) -> T) -> (result: Result<T, LoadError>, library: String?) {
        let refusal = DecoderRefusal()
        let result = ThreadCurrent.with(refusal, for: threadKey) { Result { () throws(LoadError) in try work() } }
        if case .failure = result { return (result, refusal.library) }
        return (result, nil)
    }
}
