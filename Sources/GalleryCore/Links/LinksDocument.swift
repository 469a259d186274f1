import Foundation

/// Turns a links file into the entries the gallery shows, one per non-blank line, in file order.
public enum LinksDocument {
    /// The most entries a gallery shows. A links file is untrusted: without a bound, millions of
    /// tiny lines cost gigabytes. 100,000 is far beyond what anyone scrolls through.
    public static let maxEntries = 100_000

    /// A line that is no link is shown on a placeholder tile and in its accessible name, and
    /// keeps at most this many of its bytes (cut at a character): 100,000 lines of bytes that are
    /// not UTF-8 would otherwise each hold three bytes of U+FFFD per byte (issue 42).
    public static let maxShownInvalidBytes = 100

    /// The first `maxEntries` entries of the file; the rest is left out (see `read` for how much).
    public static func make(from data: Data) -> [LinkEntry] {
        read(data).entries
    }

    public static func make(from lines: [LinkLine]) -> [LinkEntry] {
        lines.map { LinkEntry(lineNumber: $0.lineNumber, text: $0.text, classification: classify($0)) }
    }

    /// A line that is not UTF-8 is no link: its address would carry U+FFFD where the file has
    /// other bytes, an address nobody wrote. Its part before the first bad byte says what else
    /// it is (text, another scheme).
    static func classify(_ line: LinkLine) -> LinkClassification {
        guard !line.isUTF8 else { return LinkClassifier.classify(line.text) }
        let readable = String(String.UnicodeScalarView(line.text.unicodeScalars.prefix { $0 != "\u{FFFD}" }))
        let classification = LinkClassifier.classify(readable)
        return classification.address != nil ? .invalid(reason: .malformed) : classification
    }

    /// The first `maxEntries` entries and where each one's text stands in `data`, how many
    /// non-blank lines were left out after them, and how many leading bytes of `data` hold the
    /// entries kept.
    static func read(_ data: Data, maxEntries: Int = maxEntries) -> LinksReply.Document {
        let parsed = LinksFileParser.parse(data, maxLines: maxEntries)
        var document = LinksReply.Document(entries: [], byteRanges: [], omittedCount: parsed.omittedLineCount,
                                           keptByteCount: parsed.keptByteCount)
        document.entries.reserveCapacity(parsed.lines.count)
        document.byteRanges.reserveCapacity(parsed.lines.count)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for line in parsed.lines {
                let classification = classify(line)
                var (text, range) = (line.text, line.byteRange)
                if classification.address == nil, range.count > maxShownInvalidBytes {
                    range = range.lowerBound..<UTF8Cut.boundary(
                        in: bytes, from: range.lowerBound, atMost: maxShownInvalidBytes, before: range.upperBound)
                    text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                }
                document.entries.append(LinkEntry(lineNumber: line.lineNumber, text: text, classification: classification))
                document.byteRanges.append(range)
            }
        }
        return document
    }
}
