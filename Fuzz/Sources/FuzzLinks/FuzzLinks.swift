import Foundation
import FuzzSupport
@testable import GalleryCore

/// Arbitrary bytes as a links file: parse, classify every line, and check what the gallery
/// relies on — entries in file order with sane line numbers, trimmed non-empty text that is the
/// file's bytes where the entry says, and links that are only ever absolute http(s) URLs with a
/// host, in plain ASCII, that the app writes from their lines as the classifier does; and as a
/// worker's reply about a links file, which the app reads back with bounds checks only.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinks(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let lines = LinksFileParser.parse(data, maxLines: LinksDocument.maxEntries).lines
    let document = LinksDocument.read(data)
    FuzzInvariant.check(document.entries.count == lines.count, "an entry a line")

    // A line number can never exceed the number of line ends plus one.
    let lineEnds = data.reduce(into: 0) { total, byte in if byte == 0x0A || byte == 0x0D { total += 1 } }
    var previous = 0
    for (line, (entry, range)) in zip(lines, zip(document.entries, document.byteRanges)) {
        FuzzInvariant.check(entry.lineNumber > previous, "line \(entry.lineNumber) after \(previous)")
        FuzzInvariant.check(entry.lineNumber <= lineEnds + 1, "line \(entry.lineNumber) of \(lineEnds + 1)")
        previous = entry.lineNumber
        FuzzInvariant.check(!entry.text.isEmpty, "empty entry on line \(entry.lineNumber)")
        FuzzInvariant.check(entry.text.count <= LinksFileParser.maxLineLength, "over-long entry")
        // The text is the file's own bytes where the entry says (what the app reads back).
        FuzzInvariant.check(entry.text == String(decoding: data[range], as: UTF8.self), "text not where it says on line \(entry.lineNumber)")
        FuzzInvariant.check(line.text == String(decoding: data[line.byteRange], as: UTF8.self), "line text not where it says")
        FuzzInvariant.check(entry.classification == LinksDocument.classify(line), "classification differs")
        if line.isUTF8 { FuzzInvariant.check(LinkClassifier.classify(line.text) == entry.classification, "classifier differs") }
        if let address = entry.classification.address {
            checkLink(address, from: entry.text)
            checkWritten(address, from: entry.text)
        } else {
            FuzzInvariant.check(range.count <= LinksDocument.maxShownInvalidBytes, "invalid line kept whole")
        }
    }
    // What a worker sends back for this file reads back as the same entries (`LinksReply`), and
    // the same bytes taken as a worker's reply are refused or bounded, never trapping.
    let encoded = LinksReply.encode(document)
    FuzzInvariant.check(encoded.count <= LinksReply.maxLength(inputBytes: data.count), "reply over its bound")
    FuzzInvariant.check(LinksReply.decode(encoded, file: data) == document, "reply does not read back")
    for forgedReply in [data, Data("LGL2".utf8) + data] {
        if let forged = LinksReply.decode(forgedReply, file: data) {
            FuzzInvariant.check(forged.entries.count <= LinksDocument.maxEntries, "forged reply past the entry limit")
        }
    }
    return 0
}

/// The app writes a rewritten link's address from its line (`AddressWriter`), never taking it
/// from the worker: what it writes must be the classifier's address, for every link.
private func checkWritten(_ address: LinkAddress, from line: String) {
    let written = LinkAddress(writtenFrom: line)
    FuzzInvariant.check(written?.text == address.text, "\(line) written as \(written?.text ?? "nothing"), not \(address)")
}

private func checkLink(_ address: LinkAddress, from text: String) {
    // The list keeps the address and makes its `URL` on demand: Foundation's strict parser must
    // read every address, and read it back unchanged.
    let parsed = URL(string: address.text, encodingInvalidCharacters: false)
    FuzzInvariant.check(parsed?.absoluteString == address.text, "Foundation reads \(address) as \(parsed?.absoluteString ?? "nothing")")
    guard let url = parsed else { return }
    FuzzInvariant.check(url.scheme == "http" || url.scheme == "https", "scheme \(url.scheme ?? "nil") from \(text)")
    FuzzInvariant.check(!(url.host ?? "").isEmpty, "no host in \(url) from \(text)")
    FuzzInvariant.check(url.absoluteString.utf8.allSatisfy { $0 < 0x80 }, "non-ASCII URL \(url)")
    // Normalising is idempotent: the URL we keep classifies as itself, so a link that went
    // through a disk cache key or a copy-paste round trip still points at the same thing.
    let again = LinkClassifier.classify(address.text).address
    FuzzInvariant.check(again == address, "normalised \(address) classifies as \(again?.text ?? "invalid")")
}

/// The process entry under SwiftPM's renamed `main` (see `FuzzDriver`).
@_cdecl("fuzz_links_main")
public func fuzzLinksMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv, test: fuzzLinks)
}
