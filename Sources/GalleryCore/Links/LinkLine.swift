/// One non-blank line of a links file, trimmed, with the line number a person would see in an
/// editor (1-based, blank lines counted) so messages can point at the right place, and where its
/// text stands in the file: a worker's reply names that place (`LinksReply`), and the app takes
/// the text from the file's own bytes there.
public struct LinkLine: Sendable, Hashable {
    public let lineNumber: Int
    public let text: String
    /// The bytes of the file `text` was decoded from (trimmed, cut at the longest line kept).
    public let byteRange: Range<Int>
    /// Whether those bytes are UTF-8 as they stand: a line that is not can be shown (its bad bytes
    /// as U+FFFD) but is no link, as the address made from it would not be the one written.
    public let isUTF8: Bool

    public init(lineNumber: Int, text: String, byteRange: Range<Int>? = nil, isUTF8: Bool = true) {
        self.lineNumber = lineNumber
        self.text = text
        self.byteRange = byteRange ?? 0..<text.utf8.count
        self.isUTF8 = isUTF8
    }
}
