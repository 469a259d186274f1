import Foundation

/// A links file as a worker read it (`LinksDocument.read`, run in the sandbox), in a form the
/// app reads back with nothing but bounds checks: counts, then for each entry its line number,
/// its verdict as a code, and its text and address as lengths and UTF-8. Saved beside the file
/// too, so a start from the cache reads it back without a worker (`LinksRepository`). The worker may have
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

    /// Counts, then per entry: the line's distance from the previous one, the verdict in one
    /// byte (kind × 16 + detail), and the text and the address (or an unsupported scheme), each
    /// as its length and UTF-8. Numbers are LEB128 varints: a list of 100,000 one-letter lines
    /// takes 500 KB, not 2 MB, on disk beside the file.
    static func encode(_ document: Document) -> Data {
        var data = Data()
        data.reserveCapacity(16 + document.entries.count * 8)
        for count in [document.entries.count, document.omittedCount, document.keptByteCount] { putVarint(count, into: &data) }
        var previousLine = 0
        for entry in document.entries {
            putVarint(entry.lineNumber - previousLine, into: &data)
            previousLine = entry.lineNumber
            let (kind, detail, extra): (UInt32, UInt32, String) = switch entry.classification {
            case .link(let address, let guess): (1, guess.code, address.text)
            case .invalid(let reason): (0, reason.code, reason.scheme ?? "")
            }
            data.append(UInt8(kind << 4 | detail))
            for text in [entry.text, extra] {
                let bytes = Data(text.utf8)
                putVarint(bytes.count, into: &data)
                data.append(bytes)
            }
        }
        return data
    }

    private static func putVarint(_ value: Int, into data: inout Data) {
        var rest = UInt64(max(0, value))
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            data.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    /// The document, or nil when the bytes are not one a worker could have made from a file of
    /// `inputBytes` bytes.
    static func decode(_ data: Data, inputBytes: Int, maxEntries: Int = LinksDocument.maxEntries) -> Document? {
        data.withUnsafeBytes { raw in
            var reader = Cursor(bytes: raw.bindMemory(to: UInt8.self))
            guard let count = reader.varint(), count <= maxEntries, let omitted = reader.varint(), omitted <= inputBytes,
                  let kept = reader.varint(), kept <= inputBytes else { return nil }
            var entries: [LinkEntry] = []
            entries.reserveCapacity(count)
            var line = 0
            for _ in 0..<count {
                guard let distance = reader.varint(), distance >= 1, distance <= inputBytes + 1 - line,
                      let verdict = reader.byte(),
                      let text = reader.text(maxBytes: LinksFileParser.maxLineLength * 4),
                      let extra = reader.text(maxBytes: LinksFileParser.maxLineLength * 16) else { return nil }
                line += distance
                let detail = UInt32(verdict & 0x0F)
                let classification: LinkClassification
                switch verdict >> 4 {
                case 0:
                    guard let reason = InvalidLinkReason(code: detail, scheme: extra) else { return nil }
                    classification = .invalid(reason: reason)
                case 1:
                    guard let guess = LinkGuess(code: detail), let address = LinkAddress(fromWorker: extra) else { return nil }
                    classification = .link(address, guess: guess)
                default:
                    return nil
                }
                entries.append(LinkEntry(lineNumber: line, text: text, classification: classification))
            }
            return Document(entries: entries, omittedCount: omitted, keptByteCount: kept)
        }
    }

    /// Reads the reply's fields in order, each within the bytes.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// At most nine bytes (63 bits): a larger number is no count a file could give.
        mutating func varint() -> Int? {
            var value = 0
            for shift in stride(from: 0, to: 63, by: 7) {
                guard let next = byte() else { return nil }
                value |= Int(next & 0x7F) << shift
                if next & 0x80 == 0 { return value }
            }
            return nil
        }

        mutating func text(maxBytes: Int) -> String? {
            guard let length = varint(), length <= maxBytes, length <= bytes.count - offset else { return nil }
            defer { offset += length }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
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
