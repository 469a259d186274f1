/// One line of the links file as the gallery shows it. Identified by its line number, which is
/// unique within a file and stays meaningful to a person ("line 12 is not a link").
public struct LinkEntry: Sendable, Hashable, Identifiable {
    public let lineNumber: Int
    public let text: String
    public let classification: LinkClassification

    public var id: Int { lineNumber }

    public init(lineNumber: Int, text: String, classification: LinkClassification) {
        self.lineNumber = lineNumber
        self.text = text
        self.classification = classification
    }
}
