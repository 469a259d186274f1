import Foundation

/// What servers said about originals (Content-Type, Last-Modified), by cache key, for the
/// properties panel, kept in one small file in the cache root (`fileName`) so a later run that
/// reads an original from disk still knows; and which originals this run downloaded. The newest
/// `capacity` are kept. Thread-safe; the first use reads the file, so call it on a disk queue.
final class DownloadFacts: Sendable {
    struct Facts: Sendable, Equatable {
        let contentType: String?
        let lastModified: String?
    }

    static let fileName = "download-facts"
    static let writeDelay = DispatchTimeInterval.milliseconds(500)
    /// Longest value kept (a Content-Type, a date); longer ones are not worth showing.
    static let maxValueLength = 200

    private struct State: Sendable {
        var facts: [String: Facts] = [:]
        var order: [String] = []
        var thisRun: Set<String> = []
    }

    let file: URL?
    let capacity: Int
    private let state: LoadedOnce<State>
    private let delayedWrite = DelayedWrite(delay: DownloadFacts.writeDelay)

    init(file: URL?, capacity: Int = 5000) {
        self.file = file
        self.capacity = max(1, capacity)
        let kept = self.capacity
        state = LoadedOnce { Self.load(file, capacity: kept) }
    }

    func record(_ head: HTTPResponseHead, for key: String) {
        let entry = Facts(contentType: head.contentType.map(Self.clean), lastModified: head.headers["last-modified"].map(Self.clean))
        state.withState { state in
            state.thisRun.insert(key)
            if state.facts.updateValue(entry, forKey: key) == nil { state.order.append(key) }
            while state.order.count > capacity { state.facts[state.order.removeFirst()] = nil }
        }
        scheduleWrite()
    }

    func facts(for key: String) -> Facts? { state.withState { $0.facts[key] } }

    func downloadedThisRun(_ key: String) -> Bool { state.withState { $0.thisRun.contains(key) } }

    /// Writes the file now (tests, and the app's quit).
    func writeNow() {
        guard let file else { return }
        delayedWrite.starting()
        let payload = state.ifLoaded { state -> Data in
            let lines = state.order.compactMap { key in
                state.facts[key].map { "\(key)\t\($0.contentType ?? "")\t\($0.lastModified ?? "")" }
            }
            return Data(lines.joined(separator: "\n").utf8)
        }
        if let payload { SealedFileWrite.install(payload, as: file) }
    }

    private func scheduleWrite() {
        guard file != nil else { return }
        delayedWrite.schedule { [self] in writeNow() }
    }

    /// A damaged file reads as empty: the panel then leaves those rows out.
    private static func load(_ file: URL?, capacity: Int) -> State {
        var state = State()
        guard let file, let data = SealedFileWrite.read(file) else { return state }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").suffix(capacity) {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, !fields[0].isEmpty, state.facts[fields[0]] == nil else { continue }
            state.facts[fields[0]] = Facts(contentType: fields[1].isEmpty ? nil : Self.clean(fields[1]),
                                           lastModified: fields[2].isEmpty ? nil : Self.clean(fields[2]))
            state.order.append(fields[0])
        }
        return state
    }

    /// One line without tabs, as short as the panel shows.
    private static func clean(_ value: String) -> String {
        String(value.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.prefix(maxValueLength))
    }
}
