/// What an honest worker's entries look like in their file, checked with nothing but byte
/// classes (the app parses no list itself): each entry's place is one line's text, trimmed, at
/// the line its number says; a link is valid UTF-8 no longer than the longest line a worker
/// keeps. A subverted worker can make none of its entries span lines, swallow a whole file of
/// bytes as one "link", or move one to another line (issue 53).
enum LinksReplyShape {
    private static let lineFeed: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D

    /// Line breaks in `range` of `file`: LF, CRLF and a lone CR each end one line, as the
    /// parser counts them (a file without CRs has only LFs to count).
    static func lineBreaks(in file: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for index in range {
            let byte = file[index]
            if byte == lineFeed || (byte == carriageReturn && (index + 1 == file.count || file[index + 1] != lineFeed)) { count += 1 }
        }
        return count
    }

    /// Whether `range` can be an entry's text: within one line and trimmed at its start; for a
    /// link, valid UTF-8 and the whole rest of its line, trimmed, unless the parser cut a long
    /// line there (a line that is no link may be cut anywhere: it keeps its first bytes).
    static func isOneTrimmedLine(_ range: Range<Int>, in file: UnsafeBufferPointer<UInt8>, isLink: Bool) -> Bool {
        guard !range.isEmpty, range.upperBound <= file.count else { return false }
        if range.lowerBound > 0, isText(file[range.lowerBound - 1]) { return false } // starts mid-word
        guard !LinksFileParser.isASCIIWhitespace(file[range.lowerBound]) else { return false }
        for index in range where file[index] == lineFeed || file[index] == carriageReturn { return false }
        guard isLink else { return true }
        guard range.count <= LinksFileParser.maxLineBytes,
              String(validating: UnsafeBufferPointer(rebasing: file[range]), as: UTF8.self) != nil else { return false }
        if range.count >= LinksFileParser.maxLineLength { return true }
        return !LinksFileParser.isASCIIWhitespace(file[range.upperBound - 1]) && (range.upperBound == file.count || !isText(file[range.upperBound]))
    }

    /// Printable ASCII: never trimmed and never a line's end. (Bytes past ASCII may be
    /// Unicode white space, which the worker trims: not held against a range.)
    private static func isText(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte)
    }
}
