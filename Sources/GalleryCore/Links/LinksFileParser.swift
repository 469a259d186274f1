import Foundation

/// Splits the raw bytes of a links file into trimmed, non-blank lines.
///
/// The file comes from arbitrary web servers and editors, so nothing about it is trusted:
/// LF, CRLF and lone CR (old Mac) line ends may be mixed, a UTF-8 BOM may lead, and invalid
/// UTF-8 is decoded lossily (U+FFFD) instead of rejecting the whole file because of one bad byte.
public enum LinksFileParser {
    /// Longest line kept, in characters. A 1 MB line would otherwise end up in UI labels and
    /// accessibility names; a truncated line still classifies (as a link or as invalid).
    public static let maxLineLength = 8192

    /// Lines longer than this many bytes are cut (at a character) before decoding, so the cost of
    /// a huge line is bounded too. Four bytes per character is the UTF-8 worst case, plus room
    /// for indentation.
    static let maxLineBytes = maxLineLength * 4 + 1024

    /// Every non-blank line. For a file from the network use `parse(_:maxLines:)`.
    public static func parse(_ data: Data) -> [LinkLine] {
        parse(data, maxLines: .max).lines
    }

    /// At most `maxLines` non-blank lines: a 32 MB file of `a\n` (33 KB gzipped on the wire) would
    /// otherwise become 16 million entries and gigabytes. The rest is only counted, which
    /// allocates nothing per line.
    public static func parse(_ data: Data, maxLines: Int) -> BoundedLinkLines {
        data.withUnsafeBytes { raw in
            parse(bytes: raw.bindMemory(to: UInt8.self), maxLines: max(0, maxLines))
        }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>, maxLines: Int) -> BoundedLinkLines {
        var start = 0
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.count >= 3, bytes[0] == bom[0], bytes[1] == bom[1], bytes[2] == bom[2] { start = 3 }

        var result = BoundedLinkLines()
        var lineNumber = 1
        var lineStart = start
        let end = bytes.count
        // Lone CRs (old Mac files) end lines too, but most files have none: look once, then find
        // each LF with memchr.
        let splitsOnCarriageReturns = nextByte(0x0D, in: bytes, from: start) < end
        func lineEnd(from index: Int) -> Int {
            guard splitsOnCarriageReturns else { return nextByte(0x0A, in: bytes, from: index) }
            var index = index
            while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            return index
        }
        while lineStart < end {
            let lineEnd = lineEnd(from: lineStart)
            var next = lineEnd
            if lineEnd < end {
                // CRLF is one line end, not two.
                if bytes[lineEnd] == 0x0D, lineEnd + 1 < end, bytes[lineEnd + 1] == 0x0A { next += 1 }
                next += 1
            }
            if result.lines.count < maxLines {
                appendLine(bytes, lineStart..<lineEnd, number: lineNumber, to: &result.lines)
                result.keptByteCount = next
            }
            lineNumber += 1
            lineStart = next
            if result.lines.count >= maxLines {
                result.omittedLineCount = countNonBlankLines(bytes, from: next)
                return result
            }
        }
        return result
    }

    /// The index of the first `byte` from `index` on and before `end` (else `end`), by memchr:
    /// millions of lines must cost milliseconds, not a loop per byte.
    private static func nextByte(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from index: Int, before end: Int? = nil) -> Int {
        let end = end ?? bytes.count
        guard let base = bytes.baseAddress, index < end, let found = memchr(base + index, Int32(byte), end - index) else {
            return end
        }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Counts the lines `appendLine` would keep from `start` on, without keeping them.
    private static func countNonBlankLines(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        func next(_ byte: UInt8, from index: Int, before end: Int) -> Int {
            nextByte(byte, in: bytes, from: index, before: end)
        }
        let splitsOnCarriageReturns = next(0x0D, from: start, before: bytes.count) < bytes.count
        func countPiece(_ range: Range<Int>) -> Int {
            // Most lines start with a printable ASCII character: no need to trim them.
            if !range.isEmpty, (0x21..<0x80).contains(bytes[range.lowerBound]) { return 1 }
            return isBlank(bytes, range) ? 0 : 1
        }
        var count = 0
        var lineStart = start
        while lineStart < bytes.count {
            let lineFeed = next(0x0A, from: lineStart, before: bytes.count)
            if splitsOnCarriageReturns {
                // CRLF leaves an empty, blank piece.
                var pieceStart = lineStart
                while pieceStart <= lineFeed {
                    let carriageReturn = next(0x0D, from: pieceStart, before: lineFeed)
                    count += countPiece(pieceStart..<carriageReturn)
                    pieceStart = carriageReturn + 1
                }
            } else {
                count += countPiece(lineStart..<lineFeed)
            }
            lineStart = lineFeed + 1
        }
        return count
    }

    /// Whether `appendLine` would skip this line, without keeping it.
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isASCIIWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isASCIIWhitespace(bytes[upper - 1]) { upper -= 1 }
        guard lower < upper else { return true }
        if !bytes[lower..<upper].contains(where: { $0 >= 0x80 }) { return false }
        var none: [LinkLine] = []
        appendLine(bytes, lower..<upper, number: 0, to: &none)
        return none.isEmpty
    }

    private static func appendLine(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int, to lines: inout [LinkLine]
    ) {
        // Cheap ASCII trim first: most lines are plain ASCII URLs and most blank lines are empty.
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isASCIIWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isASCIIWhitespace(bytes[upper - 1]) { upper -= 1 }
        guard lower < upper else { return }
        upper = UTF8Cut.boundary(in: bytes, from: lower, atMost: maxLineBytes, before: upper)

        let piece = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
        var text = String(decoding: piece, as: UTF8.self)
        var isUTF8 = true
        // Line ends never get here, so an ASCII byte left at either end is not white space.
        if piece.contains(where: { $0 >= 0x80 }) {
            isUTF8 = text.utf8.elementsEqual(piece)
            // What is trimmed is white space, so valid UTF-8 that stands as it is in the bytes:
            // the text's place in the file moves by exactly its length.
            lower += text.unicodeScalars.prefix(while: isTrimmable).reduce(0) { $0 + UTF8.width($1) }
            // A line that is not UTF-8 is never a link: it keeps what `LinksDocument` keeps of
            // any line that is not, and costs no more to read.
            if !isUTF8 { upper = UTF8Cut.boundary(in: bytes, from: lower, atMost: LinksDocument.maxShownInvalidBytes, before: upper) }
            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
            let trailing = text.unicodeScalars.reversed().prefix(while: isTrimmable).reduce(0) { $0 + UTF8.width($1) }
            if trailing > 0 {
                upper -= trailing
                text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
            }
        }
        guard !text.isEmpty else { return }
        if text.utf8.count > maxLineLength, text.count > maxLineLength {
            text = String(text.prefix(maxLineLength))
            upper = lower + text.utf8.count
        }
        lines.append(LinkLine(lineNumber: number, text: text, byteRange: lower..<upper, isUTF8: isUTF8))
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    /// Unicode white space (NBSP, ideographic space…) plus stray BOMs and zero-width spaces,
    /// which are invisible in an editor and come from copy-pasting out of web pages, is trimmed.
    private static func isTrimmable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{FEFF}" || scalar == "\u{200B}"
    }
}
