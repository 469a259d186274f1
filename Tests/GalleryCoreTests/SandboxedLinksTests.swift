import Foundation
@testable import GalleryCore
import XCTest

/// A links file is read in the sandbox (`SandboxedPictureLoader.links`): the worker splits and classifies it,
/// the app takes back only what passes its bounds checks (`LinksReply`).
final class SandboxedLinksTests: XCTestCase {
    /// Every kind of line a shared list has: images, pages, text, other schemes, international
    /// names, percent-encoding, CRLF and lone CR ends, a BOM, invalid UTF-8, a line past the limit.
    private static let mixedFile: Data = {
        var text = "\u{FEFF}https://example.com/a.jpg\r\nhttp://example.com/page.html\n  just some words  \n"
        text += "ftp://example.com/b.png\rhttps://пример.рф/картинка.png\nhttps://example.com/with space/é.webp\n\n"
        text += "https://example.com/?q=" + String(repeating: "x", count: LinksFileParser.maxLineLength + 100) + "\n"
        text += "mailto:someone@example.com\nhttps:///nohost.jpg\nhttps://[::1]:8080/v6.gif\n"
        return Data(text.utf8) + Data([0xFF, 0xFE, 0x0A]) + Data("https://example.com/last.avif".utf8)
    }()

    func testTheWorkerReadsAListExactlyAsTheParserDoes() throws {
        XCTAssertNotNil(DecodeWorkerLaunch.current, "the app's executable is beside the tests")
        let expected = LinksDocument.read(Self.mixedFile)
        let read = try XCTUnwrap(SandboxedPictureLoader(pool: DecodeWorkerPool(size: 1)).links(Self.mixedFile))
        XCTAssertEqual(read.document.entries, expected.entries)
        XCTAssertEqual(read.document.entries.count, 12, "one entry a non-blank line")
        XCTAssertEqual(read.document.omittedCount, expected.omittedCount)
        XCTAssertEqual(read.document.keptByteCount, expected.keptByteCount)
        XCTAssertEqual(read.document.entries.filter { $0.classification.address != nil }.count, 7, "http(s) with a host")
    }

    func testAListPastItsEntryLimitKeepsItsFirstEntriesAndCountsTheRest() throws {
        let lines = (1...LinksDocument.maxEntries + 25).map { "https://example.com/\($0).jpg" }
        let file = Data(lines.joined(separator: "\n").utf8)
        let read = try XCTUnwrap(SandboxedPictureLoader(pool: DecodeWorkerPool(size: 1)).links(file))
        XCTAssertEqual(read.document.entries.count, LinksDocument.maxEntries)
        XCTAssertEqual(read.document.omittedCount, 25)
        XCTAssertEqual(read.document.entries.last?.text, "https://example.com/\(LinksDocument.maxEntries).jpg")
    }

    /// A worker that dies on the list (`DecodeWorkerFault.crashOnLists`): no entries, and a
    /// repository that says so, rather than a list read by the app itself.
    func testAWorkerThatDiesOnTheListIsNoList() throws {
        let executable = try XCTUnwrap(DecodeWorkerLaunch.workerExecutable)
        let crashing = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .crashOnLists))
        XCTAssertNil(SandboxedPictureLoader(pool: crashing).links(Self.mixedFile))
        XCTAssertNotNil(SandboxedPictureLoader(pool: DecodeWorkerPool(size: 1)).links(Self.mixedFile), "a healthy worker reads it")
    }

    /// A list read the person leaves (issue 42: "a list read is never cancelled"): a worker that
    /// never answers (`hangsOnLists`) holds the read until the task is cancelled, then it ends
    /// with no list, long before its 30 s deadline, and the worker is not kept.
    func testALeftListReadEndsAtOnceAndStopsItsWorker() async throws {
        let executable = try XCTUnwrap(DecodeWorkerLaunch.workerExecutable)
        let hanging = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .hangsOnLists))
        let started = ContinuousClock.now
        let file = Self.mixedFile
        let reading = Task.detached { [hanging] in await LinksReading.readInTurn(file, pool: hanging) != nil }
        // The read is with the worker once the pool has started it.
        while hanging.startedCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        reading.cancel()
        let readAList = await reading.value
        XCTAssertFalse(readAList)
        // A liveness bound, far below the list's 30 s wall-clock limit the read waited for before.
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(15), "the read ended when it was left")
        XCTAssertEqual(hanging.idleCount, 0, "the worker that never answered is not kept")
    }

    /// Replies no worker could honestly make from the file are refused whole.
    func testRepliesThatDoNotAddUpAreRefused() {
        let file = Data("https://example.com/a.jpg\nnot a link\n".utf8)
        let document = LinksDocument.read(file)
        let encoded = LinksReply.encode(document)
        XCTAssertEqual(LinksReply.decode(encoded, file: file), document)
        XCTAssertEqual(LinksReply.decode(encoded + Data(count: 100), file: file), document, "row padding is ignored")

        var moreEntries = encoded
        moreEntries[4] = 0x7F // 127 entries where 2 follow
        XCTAssertNil(LinksReply.decode(moreEntries, file: file))
        XCTAssertNil(LinksReply.decode(encoded.prefix(encoded.count - 3), file: file), "cut short")
        XCTAssertNil(LinksReply.decode(encoded, file: file.prefix(20)), "entries past the file's end")
        XCTAssertNil(LinksReply.decode(encoded, file: file, maxEntries: 1), "more entries than allowed")
        XCTAssertNil(LinksReply.decode(encoded.dropFirst(4), file: file), "a reply of another form")

        let backwards = LinksReply.Document(entries: document.entries.reversed(), byteRanges: document.byteRanges.reversed(),
                                            omittedCount: 0, keptByteCount: file.count)
        XCTAssertNil(LinksReply.decode(LinksReply.encode(backwards), file: file), "lines in file order")
    }

    /// Issue 42: a worker the file subverted must not make the app fetch an address the file does
    /// not hold. A reply carries no address: a link is its line as it stands, or the address the
    /// app writes from the line (IDNA and escapes as the classifier's); the text shown is the
    /// file's own bytes there. A verdict the line cannot bear is refused.
    func testAReplyCannotNameAnAddressItsLineDoesNotSpell() throws {
        let file = Data("https://example.com/a.jpg\nHTTPS://Пример.РФ/кот 1.png\nftp://example.com/b\nwords\n".utf8)
        let honest = LinksDocument.read(file)
        XCTAssertEqual(honest.entries[1].classification.address?.text,
                       "https://xn--e1afmkfd.xn--p1ai/%D0%BA%D0%BE%D1%82%201.png", "rewritten by the classifier")
        let decoded = try XCTUnwrap(LinksReply.decode(LinksReply.encode(honest), file: file))
        XCTAssertEqual(decoded, honest, "the app writes the same address from the line")

        // Made-up addresses in what the worker read: the reply cannot carry them.
        let forged = DecodeWorkerFault.forged(honest)
        XCTAssertNotEqual(forged.entries[0].classification.address, honest.entries[0].classification.address)
        XCTAssertEqual(LinksReply.decode(LinksReply.encode(forged), file: file), honest, "only the lines' own addresses")

        func replacing(_ index: Int, with classification: LinkClassification) -> LinksReply.Document {
            var forged = honest
            forged.entries[index] = LinkEntry(lineNumber: forged.entries[index].lineNumber, text: forged.entries[index].text,
                                              classification: classification)
            return forged
        }
        let claims: [(String, LinkClassification, Int)] = [
            ("a link where the line has none", .link(LinkAddress(checked: "https://words"), guess: .image), 3),
            ("a link in another scheme", .link(LinkAddress(checked: "https://example.com/b"), guess: .image), 2),
            ("a rewritten line as it stands", .link(LinkAddress(checked: honest.entries[1].text), guess: .image), 1),
            ("another scheme than the line's", .invalid(reason: .unsupportedScheme("gopher")), 2),
        ]
        for (what, classification, index) in claims {
            XCTAssertNil(LinksReply.decode(LinksReply.encode(replacing(index, with: classification)), file: file), what)
        }
        // A place in the file that is not a link's: its text is that place's, never the worker's.
        var moved = honest
        moved.byteRanges[0] = honest.byteRanges[3]
        XCTAssertNil(LinksReply.decode(LinksReply.encode(moved), file: file), "“words” is no link")
    }

    /// The same through a worker that makes up every address (`DecodeWorkerFault.forgesLists`):
    /// the list it reads has only the addresses its lines spell.
    func testAWorkerThatForgesAddressesCannotPassThemOn() throws {
        let executable = try XCTUnwrap(DecodeWorkerLaunch.workerExecutable)
        let forging = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .forgesLists))
        let read = try XCTUnwrap(SandboxedPictureLoader(pool: forging).links(Self.mixedFile))
        XCTAssertEqual(read.document, LinksDocument.read(Self.mixedFile))
        XCTAssertFalse(read.document.entries.contains { $0.classification.address?.text.contains("collector") == true })
    }

    /// Issue 42: a reply is a few bytes an entry, whatever the file holds: it carries no text and
    /// no address.
    func testAReplyIsAtMostASmallMultipleOfItsFile() {
        let lines = [
            "http://a/" + String(repeating: "\u{732B}", count: 108) + "/",
            "http://a/ " + String(repeating: " ", count: 300) + "x",
            String(repeating: "words ", count: 60),
        ]
        for line in lines {
            var file = Data()
            for _ in 0..<1000 { file.append(Data((line + "\n").utf8)) }
            let reply = LinksReply.encode(LinksDocument.read(file))
            XCTAssertLessThanOrEqual(reply.count, LinksReply.maxLength(inputBytes: file.count), line)
            XCTAssertLessThan(reply.count, 20 * 1000 + 16, "\(line): a few bytes an entry")
        }
        var invalid = Data()
        for _ in 0..<1000 { invalid.append(Data("http://a/".utf8) + Data(repeating: 0xFF, count: 326) + Data([0x0A])) }
        let read = LinksDocument.read(invalid)
        XCTAssertLessThan(LinksReply.encode(read).count, 20 * 1000 + 16, "a few bytes an entry")
        XCTAssertEqual(read.entries[0].classification, .invalid(reason: .malformed), "not UTF-8: no link")
        XCTAssertEqual(read.byteRanges[0].count, LinksDocument.maxShownInvalidBytes, "a bounded part kept for display")
        XCTAssertTrue(read.entries[0].text.hasPrefix("http://a/\u{FFFD}"))
    }
}

/// Issue 53: the app refuses a list reply an honest worker could not have written — an entry
/// over several lines, not starting at its line's text, on another line than its number says,
/// or a link on bytes that are not UTF-8 or longer than the longest line kept — and a worker
/// that sends one (`stretchesLists`: the whole file as one link) reads no list.
final class LinksReplyShapeTests: XCTestCase {
    private let file = Data("  https://example.com/a.jpg\r\nwords here\n\nhttps://example.com/b.png\n".utf8)

    private func refuses(_ change: (inout LinksReply.Document) -> Void, in file: Data? = nil) -> Bool {
        let file = file ?? self.file
        var document = LinksDocument.read(file)
        change(&document)
        return LinksReply.decode(LinksReply.encode(document), file: file) == nil
    }

    private func relink(_ entry: LinkEntry, line: Int? = nil) -> LinkEntry {
        LinkEntry(lineNumber: line ?? entry.lineNumber, text: entry.text, classification: entry.classification)
    }

    func testAnHonestReplyOfMixedLineEndsIsTaken() {
        let honest = LinksDocument.read(file)
        XCTAssertEqual(honest.entries.map(\.lineNumber), [1, 2, 4])
        XCTAssertEqual(LinksReply.decode(LinksReply.encode(honest), file: file), honest)
    }

    func testEntriesThatSpanLinesStartMidLineOrSitOnAnotherLineAreRefused() {
        XCTAssertTrue(refuses({ $0.byteRanges[1] = $0.byteRanges[1].lowerBound..<$0.byteRanges[2].upperBound
                                $0.entries.removeLast(); $0.byteRanges.removeLast() }), "one entry over two lines")
        XCTAssertTrue(refuses({ $0.byteRanges[1] = $0.byteRanges[1].lowerBound + 1..<$0.byteRanges[1].upperBound }), "mid-word")
        XCTAssertTrue(refuses({ $0.byteRanges[0] = $0.byteRanges[0].lowerBound - 1..<$0.byteRanges[0].upperBound }), "untrimmed")
        XCTAssertTrue(refuses({ $0.byteRanges[2] = $0.byteRanges[2].lowerBound..<$0.byteRanges[2].upperBound - 4 }),
                      "a link cut short of its line")
        XCTAssertTrue(refuses({ $0.entries[2] = self.relink($0.entries[2], line: 3) }), "the blank line's number")
        XCTAssertTrue(refuses({ $0.entries[1] = self.relink($0.entries[1], line: 3)
                                $0.entries[2] = self.relink($0.entries[2], line: 5) }), "every number one too far")
    }

    func testALinkOnBytesThatAreNotUTF8OrOnAnOverlongLineIsRefused() {
        let notUTF8 = Data("http://a/".utf8) + Data([0xFF, 0xFE]) + Data("x\n".utf8)
        XCTAssertNil(LinksDocument.read(notUTF8).entries[0].classification.address, "an honest worker calls it no link")
        XCTAssertTrue(refuses({ document in
            document.byteRanges[0] = 0..<notUTF8.count - 1
            document.entries[0] = LinkEntry(lineNumber: 1, text: "", classification: .link(LinkAddress(checked: "http://x/"), guess: .image))
        }, in: notUTF8), "a link verdict on bytes that are not UTF-8")

        let long = Data(("http://a/" + String(repeating: "b", count: 40_000) + "\n").utf8)
        XCTAssertEqual(LinksDocument.read(long).byteRanges[0].count, LinksFileParser.maxLineLength, "cut by an honest worker")
        XCTAssertNotNil(LinksReply.decode(LinksReply.encode(LinksDocument.read(long)), file: long))
        XCTAssertTrue(refuses({ $0.byteRanges[0] = 0..<long.count - 1 }, in: long), "the whole 40 KB line as one link")
    }

    func testAWorkerThatSendsTheWholeFileAsOneLinkReadsNoList() throws {
        let executable = try XCTUnwrap(DecodeWorkerLaunch.workerExecutable)
        let stretching = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .stretchesLists))
        let list = Data("https://example.com/a.jpg\n".utf8) + Data(repeating: 0xFF, count: 4096) + Data("\nhttps://b.example/\n".utf8)
        XCTAssertNil(SandboxedPictureLoader(pool: stretching).links(list), "refused whole: no huge string, no address from it")
        let honest = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true))
        XCTAssertEqual(try XCTUnwrap(SandboxedPictureLoader(pool: honest).links(list)).document.entries.count, 3)
    }
}
