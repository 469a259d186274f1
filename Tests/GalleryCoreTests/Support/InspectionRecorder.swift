import GalleryCore
import Synchronization

/// Records every call of an `HTTPRequest.inspect` closure, so tests can check how often it ran
/// and what it was shown.
final class InspectionRecorder: Sendable {
    struct Call: Sendable {
        let head: HTTPResponseHead
        let prefix: [UInt8]
    }

    private let recorded = Mutex<[Call]>([])
    private let verdict: @Sendable (HTTPResponseHead, [UInt8]) -> HTTPRequest.InspectionVerdict

    /// `verdict` decides what the inspector answers; the default accepts everything.
    init(verdict: @escaping @Sendable (HTTPResponseHead, [UInt8]) -> Bool = { _, _ in true }) {
        self.verdict = { verdict($0, $1) ? .accept : .reject }
    }

    /// An inspector that may ask for more bytes.
    init(verdicts: @escaping @Sendable (HTTPResponseHead, [UInt8]) -> HTTPRequest.InspectionVerdict) {
        self.verdict = verdicts
    }

    var calls: [Call] { recorded.withLock { $0 } }

    var inspector: HTTPRequest.Inspector {
        { [self] head, prefix in
            recorded.withLock { $0.append(Call(head: head, prefix: prefix)) }
            return verdict(head, prefix)
        }
    }
}
