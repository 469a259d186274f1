import Foundation
import FuzzSupport
@testable import GalleryCore

/// Arbitrary bytes as a links file: parse, classify every line, and check what the gallery
/// relies on — entries in file order with sane line numbers, trimmed non-empty text, and links
/// that are only ever absolute http(s) URLs with a host, in plain ASCII; and as a worker's
/// reply about a links file, which the app reads back with bounds checks only.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinks(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let entries = LinksDocument.make(from: data)

    // A line number can never exceed the number of line ends plus one.
    let lineEnds = data.reduce(into: 0) { total, byte in if byte == 0x0A || byte == 0x0D { total += 1 } }
    var previous = 0
    for entry in entries {
        FuzzInvariant.check(entry.lineNumber > previous, "line \(entry.lineNumber) after \(previous)")
        FuzzInvariant.check(entry.lineNumber <= lineEnds + 1, "line \(entry.lineNumber) of \(lineEnds + 1)")
        previous = entry.lineNumber
        FuzzInvariant.check(!entry.text.isEmpty, "empty entry on line \(entry.lineNumber)")
        FuzzInvariant.check(entry.text.count <= LinksFileParser.maxLineLength, "over-long entry")
        FuzzInvariant.check(LinkClassifier.classify(entry.text) == entry.classification, "classification differs")
        if let address = entry.classification.address { checkLink(address, from: entry.text) }
    }
    // What a worker sends back for this file reads back as the same entries (`LinksReply`), and
    // the same bytes taken as a worker's reply are refused or bounded, never trapping.
    let read = LinksDocument.read(data)
    let document = LinksReply.Document(entries: read.entries, omittedCount: read.omittedCount, keptByteCount: read.keptByteCount)
    let encoded = LinksReply.encode(document)
    FuzzInvariant.check(encoded.count <= LinksReply.maxLength(inputBytes: data.count), "reply over its bound")
    FuzzInvariant.check(LinksReply.decode(encoded, inputBytes: data.count) == document, "reply does not read back")
    if let forged = LinksReply.decode(data, inputBytes: data.count) {
        FuzzInvariant.check(forged.entries.count <= LinksDocument.maxEntries, "forged reply past the entry limit")
    }
    return 0
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
