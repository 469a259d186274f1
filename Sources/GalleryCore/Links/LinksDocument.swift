import Foundation

/// Turns a links file into the entries the gallery shows, one per non-blank line, in file order.
public enum LinksDocument {
    public static func make(from data: Data) -> [LinkEntry] {
        make(from: LinksFileParser.parse(data))
    }

    public static func make(from lines: [LinkLine]) -> [LinkEntry] {
        lines.map { line in
            LinkEntry(lineNumber: line.lineNumber, text: line.text,
                      classification: LinkClassifier.classify(line.text))
        }
    }
}
