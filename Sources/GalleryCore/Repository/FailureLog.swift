import Foundation
import Synchronization

/// The repository's memory of how its downloads ended and why pictures failed, for the failure
/// Details a tile or a page offers (`FailureReport`). Each download's end is noted (`answered`:
/// what came back, success or not); a failure at the top of a load (`failed`) takes the latest
/// of those for the same address, so a picture that downloaded fine and then did not decode
/// still says who answered and with what. Kept in memory for this run, the newest `capacity`
/// addresses of each kind.
final class FailureLog: Sendable {
    private struct State: Sendable {
        /// Each download's end as the report it would make: its error and time are the load's
        /// and are set when the load fails.
        var answers = BoundedTable<FailureReport>()
        var failures = BoundedTable<FailureReport>()
    }

    private let state: Mutex<State>
    let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
        state = Mutex(State())
    }

    /// A download of `url` ended: `head` and `answeredBy` when a server answered, what arrived,
    /// and libcurl's words when the transfer broke.
    func answered(_ url: URL, head: HTTPResponseHead?, answeredBy: URL?, receivedBytes: Int?, transferDetail: String?) {
        var answer = FailureReport(asked: url, error: .cancelled)
        answer.answeredBy = answeredBy
        answer.status = head?.status
        answer.contentType = head?.contentType.map(Self.shown)
        answer.announcedBytes = head?.contentLength
        answer.receivedBytes = receivedBytes
        answer.transferDetail = transferDetail.map(Self.shown)
        state.withLock { $0.answers.set(answer, for: url.absoluteString, capacity: capacity) }
    }

    /// A decoder of the picture at `key` (an address) refused it: `library` goes with the
    /// address's report until its next download ends.
    func refused(_ key: String, by library: String) {
        guard let url = URL(string: key) else { return }
        state.withLock { state in
            var answer = state.answers.value(for: key) ?? FailureReport(asked: url, error: .cancelled)
            answer.decoder = library
            state.answers.set(answer, for: key, capacity: capacity)
        }
    }

    /// A load of `url` failed with `error`; a cancelled one is no failure.
    func failed(_ url: URL, with error: LoadError) {
        guard error != .cancelled else { return }
        state.withLock { state in
            var report = state.answers.value(for: url.absoluteString) ?? FailureReport(asked: url, error: error)
            report.error = error
            report.at = Date()
            state.failures.set(report, for: url.absoluteString, capacity: capacity)
        }
    }

    /// The picture loaded after all: its old failure no longer says anything.
    func succeeded(_ url: URL) {
        state.withLock { _ = $0.failures.remove(url.absoluteString) }
    }

    func report(for url: URL) -> FailureReport? {
        state.withLock { $0.failures.value(for: url.absoluteString) }
    }

    /// One line, as long as a dialog shows: a server's header is not a place for a page of text.
    private static func shown(_ value: String) -> String {
        String(value.filter { !$0.isNewline && $0 != "\t" }.prefix(300))
    }
}
