import Foundation
import Synchronization

/// What one transfer got before it ended, written by the curl thread as it ends: the head of
/// its last response, the body bytes that went to the sink (or to memory), and the bytes kept
/// (the inspector's first look with a sink, the whole body without). What a broken download
/// goes on from (`ResumePoint`).
final class TransferJournal: Sendable {
    struct Entry: Sendable {
        var head: HTTPResponseHead?
        /// Body bytes in all, counted from the start of the file (a resumed transfer's offset
        /// included).
        var bodyBytes = 0
        var kept = Data()
    }

    private let entry = Mutex(Entry())

    func record(_ written: Entry) { entry.withLock { $0 = written } }

    var last: Entry { entry.withLock { $0 } }
}
