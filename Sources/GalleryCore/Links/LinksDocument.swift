import Foundation

/// Turns a links file into the entries the gallery shows, one per non-blank line, in file order.
public enum LinksDocument {
    /// The most entries a gallery shows. A links file is untrusted: without a bound, millions of
    /// tiny lines cost gigabytes. 100,000 is far beyond what anyone scrolls through.
    public static let maxEntries = 100_000

    /// The first `maxEntries` entries of the file; the rest is left out (see `read` for how much).
    public static func make(from data: Data) -> [LinkEntry] {
        read(data).entries
    }

    public static func make(from lines: [LinkLine]) -> [LinkEntry] {
        lines.map { line in
            LinkEntry(lineNumber: line.lineNumber, text: line.text,
                      classification: LinkClassifier.classify(line.text))
        }
    }

    /// The first `maxEntries` entries, how many non-blank lines were left out after them, and how
    /// many leading bytes of `data` hold the entries kept.
    public static func read(_ data: Data, maxEntries: Int = maxEntries)
        -> (entries: [LinkEntry], omittedCount: Int, keptByteCount: Int) {
        let parsed = LinksFileParser.parse(data, maxLines: maxEntries)
        return (make(from: parsed.lines), parsed.omittedLineCount, parsed.keptByteCount)
    }
}
