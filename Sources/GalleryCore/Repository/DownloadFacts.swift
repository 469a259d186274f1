import Foundation

/// What each download of an original saw, by cache key: what the server said (Content-Type,
/// Last-Modified, for the properties panel) and what the bytes are (`OriginalFacts`: format,
/// declared size, length, for choosing how to decode it without reading it again). Kept in one
/// small file in the cache root (`fileName`) so a later run that reads an original from disk
/// still knows; and which originals this run downloaded. The newest `capacity` are kept.
/// Thread-safe; the first use reads the file, so call it on a disk queue.
final class DownloadFacts: Sendable {
    struct Facts: Sendable, Equatable {
        let contentType: String?
        let lastModified: String?
        /// Nil for entries written by earlier versions.
        var original: OriginalFacts?
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

    func record(_ head: HTTPResponseHead, original: OriginalFacts?, for key: String) {
        let entry = Facts(contentType: head.contentType.map(Self.clean), lastModified: head.headers["last-modified"].map(Self.clean),
                          original: original)
        state.withState { state in
            state.thisRun.insert(key)
            if state.facts.updateValue(entry, forKey: key) == nil { state.order.append(key) }
            while state.order.count > capacity { state.facts[state.order.removeFirst()] = nil }
        }
        scheduleWrite()
    }

    func facts(for key: String) -> Facts? { state.withState { $0.facts[key] } }

    /// For an original stored by an earlier version, or whose entry was pushed out: learnt
    /// from its bytes once, then kept like a download's.
    func record(_ original: OriginalFacts, for key: String) {
        state.withState { state in
            if state.facts[key] == nil {
                state.facts[key] = Facts(contentType: nil, lastModified: nil, original: original)
                state.order.append(key)
                while state.order.count > capacity { state.facts[state.order.removeFirst()] = nil }
            } else {
                state.facts[key]?.original = original
            }
        }
        scheduleWrite()
    }

    func downloadedThisRun(_ key: String) -> Bool { state.withState { $0.thisRun.contains(key) } }

    /// Writes the file now (tests, and the app's quit).
    func writeNow() {
        guard let file else { return }
        delayedWrite.starting()
        let payload = state.ifLoaded { state -> Data in
            let lines = state.order.compactMap { key in state.facts[key].map { Self.line(key, $0) } }
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
            let fields = line.split(separator: "\t", maxSplits: 6, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 || fields.count == 7, !fields[0].isEmpty, state.facts[fields[0]] == nil else { continue }
            state.facts[fields[0]] = Facts(contentType: fields[1].isEmpty ? nil : Self.clean(fields[1]),
                                           lastModified: fields[2].isEmpty ? nil : Self.clean(fields[2]),
                                           original: fields.count == 7 ? Self.original(fields[3...]) : nil)
            state.order.append(fields[0])
        }
        return state
    }

    /// One line without tabs, as short as the panel shows.
    private static func clean(_ value: String) -> String {
        String(value.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.prefix(maxValueLength))
    }

    /// `key ⇥ Content-Type ⇥ Last-Modified ⇥ format ⇥ width ⇥ height ⇥ bytes`; earlier
    /// versions wrote the first three only.
    private static func line(_ key: String, _ facts: Facts) -> String {
        var fields = [key, facts.contentType ?? "", facts.lastModified ?? ""]
        if let original = facts.original {
            fields += [original.format?.rawValue ?? "", original.declaredSize.map { String($0.width) } ?? "",
                       original.declaredSize.map { String($0.height) } ?? "", String(original.byteCount)]
        }
        return fields.joined(separator: "\t")
    }

    /// A damaged field makes the whole entry unknown: it is learnt again from the bytes.
    private static func original(_ fields: ArraySlice<String>) -> OriginalFacts? {
        let values = Array(fields)
        guard let byteCount = Int(values[3]), byteCount >= 0 else { return nil }
        let format = values[0].isEmpty ? nil : ImageFormat(rawValue: values[0])
        guard values[0].isEmpty || format != nil else { return nil }
        var size: PixelSize?
        if !values[1].isEmpty || !values[2].isEmpty {
            guard let width = Int(values[1]), let height = Int(values[2]), (1...PixelSize.maxSide).contains(width),
                  (1...PixelSize.maxSide).contains(height) else { return nil }
            size = PixelSize(width: width, height: height)
        }
        return OriginalFacts(format: format, declaredSize: size, byteCount: byteCount)
    }
}
