import Foundation

/// A links file as a worker read it (`LinksDocument.read`, run in the sandbox), in a form the
/// app reads back with nothing but bounds checks: counts, then for each entry its line number,
/// where its text stands in the file and its verdict as a code. Saved beside the file too, so a
/// start from the cache reads it back without a worker (`LinksRepository`).
///
/// The worker may have been subverted by the very file it read, so it sends no text and no
/// address (issue 42): an entry's text is the file's own bytes at the place it names, and a
/// link's address is that text as it stands, or written from it in the app (`AddressWriter`)
/// where the classifier rewrites it. A reply can neither invent an address (to carry something
/// out) nor grow with what it would copy: a few bytes an entry (`maxLength`).
enum LinksReply {
    /// What the app gets: the entries kept, where each one's text stands in the file, the lines
    /// left out after them, and how many leading bytes of the file hold the entries kept.
    struct Document: Equatable {
        var entries: [LinkEntry]
        var byteRanges: [Range<Int>]
        var omittedCount: Int
        var keptByteCount: Int
    }

    /// Rows the bytes travel in as a one-channel picture (`WorkerReply.blob`).
    static let rowBytes = 4096

    /// The most lines a file may leave out after the entries kept: more than any links file the
    /// app downloads (32 MiB) can hold.
    static let maxOmitted = 1 << 31

    /// Opens every reply, so a saved reply of an earlier form is never read as this one.
    private static let magic: [UInt8] = Array("LGL2".utf8)

    /// The most bytes a reply for `inputBytes` of a file can take: each entry's fixed fields
    /// (three numbers of at most five bytes for a file under 32 GiB, the verdict, and a scheme's
    /// length) and the unsupported schemes it names, each in its own line.
    static func maxLength(inputBytes: Int, maxEntries: Int = LinksDocument.maxEntries) -> Int {
        let (fixed, overflow) = min(maxEntries, inputBytes).multipliedReportingOverflow(by: 20)
        guard !overflow else { return Int.max / 2 }
        return magic.count + 32 + inputBytes + fixed + rowBytes
    }

    /// Counts, then per entry: the line's distance from the previous one, where its text starts
    /// after the previous one's end and its length, the verdict in one byte (kind × 16 + detail:
    /// kind 0 no link, 1 a link as it stands, 2 a link the classifier rewrites), and an
    /// unsupported scheme as its length and bytes (length 0 for anything else). Numbers are
    /// LEB128 varints: a list of 100,000 one-letter lines takes 500 KB, not 2 MB, on disk beside
    /// the file.
    static func encode(_ document: Document) -> Data {
        var data = Data(magic)
        data.reserveCapacity(16 + document.entries.count * 8)
        for count in [document.entries.count, document.omittedCount, document.keptByteCount] { putVarint(count, into: &data) }
        var previousLine = 0
        var previousEnd = 0
        for (entry, range) in zip(document.entries, document.byteRanges) {
            putVarint(entry.lineNumber - previousLine, into: &data)
            putVarint(range.lowerBound - previousEnd, into: &data)
            putVarint(range.count, into: &data)
            (previousLine, previousEnd) = (entry.lineNumber, range.upperBound)
            let (kind, detail, scheme): (UInt32, UInt32, String) = switch entry.classification {
            case .link(let address, let guess): (address.text == entry.text ? 1 : 2, guess.code, "")
            case .invalid(let reason): (0, reason.code, reason.scheme ?? "")
            }
            data.append(UInt8(kind << 4 | detail))
            putVarint(scheme.utf8.count, into: &data)
            data.append(contentsOf: scheme.utf8)
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

    /// The document, or nil when the bytes are not one a worker could have made from `file`.
    static func decode(_ data: Data, file: Data, maxEntries: Int = LinksDocument.maxEntries) -> Document? {
        file.withUnsafeBytes { rawFile in
            data.withUnsafeBytes { raw in
                var reader = LinksReplyCursor(bytes: raw.bindMemory(to: UInt8.self))
                return decode(&reader, file: rawFile.bindMemory(to: UInt8.self), maxEntries: maxEntries)
            }
        }
    }

    private static func decode(_ reader: inout LinksReplyCursor, file: UnsafeBufferPointer<UInt8>, maxEntries: Int) -> Document? {
        // The lines left out lie past the bytes kept (a saved copy holds only those): their
        // count, only ever shown, is bounded as a count, not by `file`.
        guard reader.skip(magic), let count = reader.varint(), count <= maxEntries, let omitted = reader.varint(),
              omitted <= maxOmitted, let kept = reader.varint(), kept <= file.count else { return nil }
        var document = Document(entries: [], byteRanges: [], omittedCount: omitted, keptByteCount: kept)
        document.entries.reserveCapacity(count)
        document.byteRanges.reserveCapacity(count)
        var (line, end) = (0, 0)
        for _ in 0..<count {
            // Each number within what is left of the file, so no sum below can overflow.
            guard let distance = reader.varint(), distance >= 1, distance <= file.count + 1 - line,
                  let gap = reader.varint(), gap <= kept - end, let length = reader.varint(), length >= 1,
                  length <= kept - end - gap, let verdict = reader.byte(), let scheme = reader.lengthPrefixed()
            else { return nil }
            let range = end + gap..<end + gap + length
            // On the line its number says (the first line is 1), and one line's trimmed text.
            guard LinksReplyShape.lineBreaks(in: file, end..<range.lowerBound) == distance - (line == 0 ? 1 : 0),
                  LinksReplyShape.isOneTrimmedLine(range, in: file, isLink: verdict >> 4 != 0) else { return nil }
            line += distance
            end = range.upperBound
            let lineBytes = UnsafeBufferPointer(rebasing: file[range])
            let text = String(decoding: lineBytes, as: UTF8.self)
            guard let classification = classification(verdict, scheme, of: text, in: lineBytes) else { return nil }
            let entry = LinkEntry(lineNumber: line, text: text, classification: classification)
            document.entries.append(entry)
            document.byteRanges.append(range)
        }
        return document
    }

    /// The verdict on one entry, checked against its line's bytes: an invalid line is cut as the
    /// worker cuts one; an unsupported scheme is the one the line starts with; a link is the line
    /// as it stands, or the address the app writes from it.
    private static func classification(
        _ verdict: UInt8, _ scheme: UnsafeBufferPointer<UInt8>, of text: String, in line: UnsafeBufferPointer<UInt8>
    ) -> LinkClassification? {
        let detail = UInt32(verdict & 0x0F)
        switch verdict >> 4 {
        case 0:
            guard line.count <= LinksDocument.maxShownInvalidBytes,
                  let reason = InvalidLinkReason(code: detail, scheme: String(decoding: scheme, as: UTF8.self)),
                  reason.scheme == nil ? scheme.isEmpty : startsWith(scheme: scheme, line)
            else { return nil }
            return .invalid(reason: reason)
        case 1, 2:
            guard scheme.isEmpty, let guess = LinkGuess(code: detail),
                  let address = verdict >> 4 == 1 ? LinkAddress(fromWorker: text) : LinkAddress(writtenFrom: text)
            else { return nil }
            return .link(address, guess: guess)
        default:
            return nil
        }
    }

    /// Whether `line` starts with `scheme` (lower-case) in any case, and a colon.
    private static func startsWith(scheme: UnsafeBufferPointer<UInt8>, _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !scheme.isEmpty, line.count > scheme.count, line[scheme.count] == ASCII.colon else { return false }
        return scheme.indices.allSatisfy { scheme[$0] == ASCII.lowercased(line[$0]) && scheme[$0] != ASCII.colon }
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
