import Foundation

/// A links file as a worker read it (`LinksDocument.read`, run in the sandbox), in a form the
/// app reads back with nothing but bounds checks: counts, then for each entry its line number,
/// its verdict as a code, and its text and address as lengths and UTF-8. The worker may have
/// been subverted by the very file it read, so every number is checked against what the file
/// could give, and an address is taken only when Foundation's strict parser reads it as an
/// http(s) link with a host, as the classifier made it.
enum LinksReply {
    /// What the app gets: the entries kept, the lines left out after them, and how many leading
    /// bytes of the file hold the entries kept.
    struct Document: Equatable {
        var entries: [LinkEntry]
        var omittedCount: Int
        var keptByteCount: Int
    }

    /// Rows the bytes travel in as a one-channel picture (`WorkerReply.blob`).
    static let rowBytes = 4096

    /// The most bytes a reply for `inputBytes` of a file can take: each entry's fixed fields,
    /// its text (a byte of invalid UTF-8 becomes U+FFFD, three bytes) and its address (which
    /// percent-encodes those three bytes as nine), with room to spare.
    static func maxLength(inputBytes: Int, maxEntries: Int = LinksDocument.maxEntries) -> Int {
        let (text, overflowText) = inputBytes.multipliedReportingOverflow(by: 16)
        let (fixed, overflowFixed) = maxEntries.multipliedReportingOverflow(by: 64)
        guard !overflowText, !overflowFixed else { return Int.max / 2 }
        return 16 + text + fixed + rowBytes
    }

    static func encode(_ document: Document) -> Data {
        var writer = LittleEndianWriter()
        writer.put32(UInt32(clamping: document.entries.count))
        writer.put32(UInt32(clamping: document.omittedCount))
        writer.put64(UInt64(clamping: document.keptByteCount))
        for entry in document.entries {
            writer.put32(UInt32(clamping: entry.lineNumber))
            let (kind, detail, extra): (UInt32, UInt32, String) = switch entry.classification {
            case .link(let address, let guess): (1, guess.code, address.text)
            case .invalid(let reason): (0, reason.code, reason.scheme ?? "")
            }
            writer.put32(kind)
            writer.put32(detail)
            for text in [entry.text, extra] {
                let bytes = Data(text.utf8)
                writer.put32(UInt32(clamping: bytes.count))
                writer.put(bytes)
            }
        }
        return writer.data
    }

    /// The document, or nil when the bytes are not one a worker could have made from a file of
    /// `inputBytes` bytes.
    static func decode(_ data: Data, inputBytes: Int, maxEntries: Int = LinksDocument.maxEntries) -> Document? {
        var reader = Cursor(data: data)
        guard let count = reader.u32(), count <= maxEntries, let omitted = reader.u32(), let kept = reader.u64(),
              kept <= inputBytes, omitted <= inputBytes else { return nil }
        var entries: [LinkEntry] = []
        entries.reserveCapacity(count)
        var previousLine = 0
        for _ in 0..<count {
            guard let line = reader.u32(), line > previousLine, line <= inputBytes + 1,
                  let kind = reader.u32(), let detail = reader.u32(),
                  let text = reader.text(maxBytes: LinksFileParser.maxLineLength * 4),
                  let extra = reader.text(maxBytes: LinksFileParser.maxLineLength * 16) else { return nil }
            previousLine = line
            let classification: LinkClassification
            switch kind {
            case 0:
                guard let reason = InvalidLinkReason(code: UInt32(detail), scheme: extra) else { return nil }
                classification = .invalid(reason: reason)
            case 1:
                guard let guess = LinkGuess(code: UInt32(detail)), let address = LinkAddress(fromWorker: extra) else { return nil }
                classification = .link(address, guess: guess)
            default:
                return nil
            }
            entries.append(LinkEntry(lineNumber: line, text: text, classification: classification))
        }
        return Document(entries: entries, omittedCount: omitted, keptByteCount: kept)
    }

    /// Reads the reply's fields in order, each within the bytes.
    private struct Cursor {
        let data: Data
        var offset = 0

        mutating func u32() -> Int? { integer(4) }
        mutating func u64() -> Int? { integer(8) }

        private mutating func integer(_ size: Int) -> Int? {
            guard size <= data.count - offset else { return nil }
            var value: UInt64 = 0
            for index in (0..<size).reversed() { value = value << 8 | UInt64(data[data.startIndex + offset + index]) }
            offset += size
            return value <= UInt64(Int32.max) || size == 8 && value <= UInt64(Int.max / 2) ? Int(value) : nil
        }

        mutating func text(maxBytes: Int) -> String? {
            guard let length = u32(), length <= maxBytes, length <= data.count - offset else { return nil }
            let start = data.startIndex + offset
            offset += length
            return String(decoding: data[start..<start + length], as: UTF8.self)
        }
    }
}

extension LinkGuess {
    var code: UInt32 {
        switch self {
        case .image: 0
        case .notImage: 1
        case .unknown: 2
        }
    }

    init?(code: UInt32) {
        switch code {
        case 0: self = .image
        case 1: self = .notImage
        case 2: self = .unknown
        default: return nil
        }
    }
}

extension InvalidLinkReason {
    var code: UInt32 {
        switch self {
        case .notAURL: 0
        case .unsupportedScheme: 1
        case .missingHost: 2
        case .malformed: 3
        }
    }

    var scheme: String? {
        if case .unsupportedScheme(let scheme) = self { return scheme }
        return nil
    }

    init?(code: UInt32, scheme: String) {
        switch code {
        case 0: self = .notAURL
        case 1: self = .unsupportedScheme(scheme)
        case 2: self = .missingHost
        case 3: self = .malformed
        default: return nil
        }
    }
}
