import Foundation

/// What each download of an original saw, by cache key: what the server said (Content-Type,
/// Last-Modified, for the properties panel) and what the bytes are (`OriginalFacts`: format,
/// declared size, length, for choosing how to decode it without reading it again). Kept in one
/// small file in the cache root (`fileName`) so a later run that reads an original from disk
/// still knows; and which originals this run downloaded. The newest `capacity` are kept, a
/// `SmallRecordFile`. Thread-safe; the first use reads the file, so call it on a disk queue.
final class DownloadFacts: Sendable {
    struct Facts: Sendable, Equatable {
        let contentType: String?
        let lastModified: String?
        /// Nil for entries written by earlier versions.
        var original: OriginalFacts?
    }

    static let fileName = "download-facts"
    /// Longest value kept (a Content-Type, a date); longer ones are not worth showing.
    static let maxValueLength = 200

    private struct Records: Sendable {
        var facts: [String: Facts] = [:]
        var order: [String] = []
        var thisRun: Set<String> = []
    }

    let capacity: Int
    private let records: SmallRecordFile<Records>

    /// `file` nil: kept in memory only.
    init(file: URL?, capacity: Int = 5000) {
        self.capacity = max(1, capacity)
        let kept = self.capacity
        records = SmallRecordFile(file: file, decode: { Self.decode($0, capacity: kept) }, encode: Self.encode)
    }

    func record(_ head: HTTPResponseHead, original: OriginalFacts?, for key: String) {
        let entry = Facts(contentType: head.contentType.map(Self.clean), lastModified: head.headers["last-modified"].map(Self.clean),
                          original: original)
        records.change { records in
            records.thisRun.insert(key)
            if records.facts.updateValue(entry, forKey: key) == nil { records.order.append(key) }
            while records.order.count > capacity { records.facts[records.order.removeFirst()] = nil }
            return true
        }
    }

    func facts(for key: String) -> Facts? { records.read { $0.facts[key] } }

    /// For an original stored by an earlier version, or whose entry was pushed out: learnt
    /// from its bytes once, then kept like a download's.
    func record(_ original: OriginalFacts, for key: String) {
        records.change { records in
            if records.facts[key] == nil {
                records.facts[key] = Facts(contentType: nil, lastModified: nil, original: original)
                records.order.append(key)
                while records.order.count > capacity { records.facts[records.order.removeFirst()] = nil }
            } else {
                records.facts[key]?.original = original
            }
            return true
        }
    }

    func downloadedThisRun(_ key: String) -> Bool { records.read { $0.thisRun.contains(key) } }

    /// Writes the file now (tests, and the app's quit).
    func writeNow() { records.writeNow() }

    private static func encode(_ records: Records) -> Data {
        let lines = records.order.compactMap { key in records.facts[key].map { line(key, $0) } }
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// A damaged file reads as empty: the panel then leaves those rows out.
    private static func decode(_ payload: Data?, capacity: Int) -> Records {
        var records = Records()
        guard let payload else { return records }
        for line in String(decoding: payload, as: UTF8.self).split(separator: "\n").suffix(capacity) {
            let fields = line.split(separator: "\t", maxSplits: 6, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 || fields.count == 7, !fields[0].isEmpty, records.facts[fields[0]] == nil else { continue }
            records.facts[fields[0]] = Facts(contentType: fields[1].isEmpty ? nil : clean(fields[1]),
                                             lastModified: fields[2].isEmpty ? nil : clean(fields[2]),
                                             original: fields.count == 7 ? original(fields[3...]) : nil)
            records.order.append(fields[0])
        }
        return records
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
