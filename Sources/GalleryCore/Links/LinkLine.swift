/// One non-blank line of a links file, trimmed, with the line number a person would see in an
/// editor (1-based, blank lines counted) so messages can point at the right place.
public struct LinkLine: Sendable, Hashable {
    public let lineNumber: Int
    public let text: String

    public init(lineNumber: Int, text: String) {
        self.lineNumber = lineNumber
        self.text = text
    }
}
