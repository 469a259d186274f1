import Foundation
@testable import GalleryCore
import XCTest

/// A links file is read in the sandbox (`SandboxedLinks`): the worker splits and classifies it,
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
        let read = try XCTUnwrap(SandboxedLinks.read(Self.mixedFile, pool: DecodeWorkerPool(size: 1)))
        XCTAssertEqual(read.document.entries, expected.entries)
        XCTAssertEqual(read.document.entries.count, 12, "one entry a non-blank line")
        XCTAssertEqual(read.document.omittedCount, expected.omittedCount)
        XCTAssertEqual(read.document.keptByteCount, expected.keptByteCount)
        XCTAssertEqual(read.document.entries.filter { $0.classification.address != nil }.count, 7, "http(s) with a host")
    }

    func testAListPastItsEntryLimitKeepsItsFirstEntriesAndCountsTheRest() throws {
        let lines = (1...LinksDocument.maxEntries + 25).map { "https://example.com/\($0).jpg" }
        let file = Data(lines.joined(separator: "\n").utf8)
        let read = try XCTUnwrap(SandboxedLinks.read(file, pool: DecodeWorkerPool(size: 1)))
        XCTAssertEqual(read.document.entries.count, LinksDocument.maxEntries)
        XCTAssertEqual(read.document.omittedCount, 25)
        XCTAssertEqual(read.document.entries.last?.text, "https://example.com/\(LinksDocument.maxEntries).jpg")
    }

    /// A worker that dies on the list (`DecodeWorkerFault.crashOnLists`): no entries, and a
    /// repository that says so, rather than a list read by the app itself.
    func testAWorkerThatDiesOnTheListIsNoList() throws {
        let executable = try XCTUnwrap(DecodeWorkerLaunch.workerExecutable)
        let crashing = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .crashOnLists))
        XCTAssertNil(SandboxedLinks.read(Self.mixedFile, pool: crashing))
        XCTAssertNotNil(SandboxedLinks.read(Self.mixedFile, pool: DecodeWorkerPool(size: 1)), "a healthy worker reads it")
    }

    /// A list read the person leaves (issue 42: "a list read is never cancelled"): a worker that
    /// never answers (`hangsOnLists`) holds the read until the task is cancelled, then it ends
    /// with no list, long before its 30 s deadline, and the worker is not kept.
    func testALeftListReadEndsAtOnceAndStopsItsWorker() async throws {
        let executable = try XCTUnwrap(DecodeWorkerLaunch.workerExecutable)
        let hanging = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .hangsOnLists))
        let started = ContinuousClock.now
        let file = Self.mixedFile
        let reading = Task.detached { [hanging] in await SandboxedLinks.readInTurn(file, pool: hanging) != nil }
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
        let honest = LinksDocument.read(file)
        let document = LinksReply.Document(entries: honest.entries, omittedCount: 0, keptByteCount: honest.keptByteCount)
        let encoded = LinksReply.encode(document)
        XCTAssertEqual(LinksReply.decode(encoded, inputBytes: file.count), document)
        XCTAssertEqual(LinksReply.decode(encoded + Data(count: 100), inputBytes: file.count), document, "row padding is ignored")

        var moreEntries = encoded
        moreEntries[0] = 0x7F // 127 entries where 2 follow
        XCTAssertNil(LinksReply.decode(moreEntries, inputBytes: file.count))
        XCTAssertNil(LinksReply.decode(encoded.prefix(encoded.count - 3), inputBytes: file.count), "cut short")
        XCTAssertNil(LinksReply.decode(encoded, inputBytes: 3), "more kept bytes than the file has")
        XCTAssertNil(LinksReply.decode(encoded, inputBytes: file.count, maxEntries: 1), "more entries than allowed")

        let forged = LinksReply.Document(entries: [LinkEntry(lineNumber: 1, text: "x", classification: .link(
            LinkAddress(checked: "javascript:alert(1)"), guess: .image))], omittedCount: 0, keptByteCount: 1)
        XCTAssertNil(LinksReply.decode(LinksReply.encode(forged), inputBytes: file.count), "only http(s) links with a host")
        let backwards = LinksReply.Document(entries: [honest.entries[1], honest.entries[0]], omittedCount: 0, keptByteCount: 1)
        XCTAssertNil(LinksReply.decode(LinksReply.encode(backwards), inputBytes: file.count), "lines in file order")
    }
}
