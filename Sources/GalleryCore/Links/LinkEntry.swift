/// One line of the links file as the gallery shows it. Identified by its line number, which is
/// unique within a file and stays meaningful to a person ("line 12 is not a link").
public struct LinkEntry: Sendable, Hashable, Identifiable {
    public let lineNumber: Int
    public let text: String
    public let classification: LinkClassification

    public var id: Int { lineNumber }

    /// The server that is actually asked for this line (punycode for an international name), for
    /// tooltips and menus: what a person reads in `text` may look like another host. Nil for a
    /// line that is not a link.
    public var fetchedHost: String? { classification.url?.host }

    public init(lineNumber: Int, text: String, classification: LinkClassification) {
        self.lineNumber = lineNumber
        self.text = text
        self.classification = classification
    }
}
