import Foundation
@testable import GalleryCore
import XCTest

/// Where a list may come from: web addresses anywhere, a local file only when the person chose
/// that file as the list, and never a local file as a link inside any list.
final class LinksSourceTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("links-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testTypedAddressesAreWebOnlyAndSayWhatIsWrong() {
        XCTAssertEqual(try LinksSource.address(" https://example.com/l.txt\n").get(), .web(URL(string: "https://example.com/l.txt")!))
        XCTAssertEqual(LinksSource.address("   ").failure, .empty)
        XCTAssertEqual(LinksSource.address("file:///etc/passwd").failure, .notAWebAddress(.unsupportedScheme("file")))
        XCTAssertEqual(LinksSource.address("javascript:alert(1)").failure, .notAWebAddress(.unsupportedScheme("javascript")))
        XCTAssertEqual(LinksSource.address("example.com/l.txt").failure, .notAWebAddress(.notAURL))
        XCTAssertEqual(LinksSource.address("https://").failure, .notAWebAddress(.missingHost))
    }

    func testAChosenListMayBeAFileButNotAnyOtherScheme() {
        XCTAssertEqual(LinksSource.chosen("lists/a.txt", relativeTo: folder), .file(folder.appendingPathComponent("lists/a.txt")))
        XCTAssertEqual(LinksSource.chosen("/tmp/../tmp/b.txt", relativeTo: folder), .file(URL(fileURLWithPath: "/tmp/b.txt")))
        XCTAssertEqual(LinksSource.chosen("file:///tmp/c.txt", relativeTo: folder), .file(URL(fileURLWithPath: "/tmp/c.txt")))
        XCTAssertEqual(LinksSource.chosen("http://127.0.0.1:8080/d.txt", relativeTo: folder), .web(URL(string: "http://127.0.0.1:8080/d.txt")!))
        XCTAssertNil(LinksSource.chosen("javascript:alert(1)", relativeTo: folder))
        XCTAssertNil(LinksSource.chosen("ftp://example.com/e.txt", relativeTo: folder))
        XCTAssertNil(LinksSource.chosen("", relativeTo: folder))
    }

    func testIdentifiersReadBackAndNameTheList() {
        for source in [LinksSource.web(URL(string: "https://example.com/dir/cats.txt?x=1")!), .file(URL(fileURLWithPath: "/home/p/My Lists/dogs.txt"))] {
            XCTAssertEqual(LinksSource(identifier: source.identifier), source)
        }
        XCTAssertNil(LinksSource(identifier: "javascript:alert(1)"))
        XCTAssertEqual(LinksSource.web(URL(string: "https://example.com/dir/cats.txt")!).displayName, "cats.txt (example.com)")
        XCTAssertEqual(LinksSource.file(URL(fileURLWithPath: "/home/p/My Lists/dogs.txt")).displayName, "dogs.txt")
    }

    func testAChosenFileIsReadButFileLinksInsideItAreNot() async throws {
        let list = folder.appendingPathComponent("mine.txt")
        try Data("https://example.com/a.png\r\nfile:///etc/passwd\n/etc/hostname\n".utf8).write(to: list)
        let repository = LinksRepository(url: list, http: HTTPClient(), directories: try CacheDirectories(root: folder.appendingPathComponent("cache")))
        let snapshot = try await repository.refresh()
        XCTAssertEqual(snapshot.entries.map(\.text), ["https://example.com/a.png", "file:///etc/passwd", "/etc/hostname"])
        XCTAssertNotNil(snapshot.entries[0].classification.url)
        XCTAssertNil(snapshot.entries[1].classification.url, "a file: link inside a list is never fetched")
        XCTAssertNil(snapshot.entries[2].classification.url)
        let cached = await repository.cachedSnapshot()
        XCTAssertNil(cached, "the file itself is the saved copy")
    }

    func testAChosenFileOverTheEntryLimitSaysHowManyLinesWereLeftOut() async throws {
        let list = folder.appendingPathComponent("long.txt")
        let lineCount = LinksDocument.maxEntries + 5
        try Data((1...lineCount).map { "https://example.com/\($0).png\n" }.joined().utf8).write(to: list)
        let repository = LinksRepository(url: list, http: HTTPClient(), directories: nil)
        let snapshot = try await repository.refresh()
        XCTAssertEqual(snapshot.entries.count, LinksDocument.maxEntries)
        XCTAssertEqual(snapshot.entries.last?.text, "https://example.com/\(LinksDocument.maxEntries).png")
        XCTAssertEqual(snapshot.omittedEntryCount, 5, "the window's banner says what was left out, as for a web list")
    }

    func testAMissingOrOversizedFileIsAClearError() async throws {
        let http = HTTPClient()
        let missing = LinksRepository(url: folder.appendingPathComponent("gone.txt"), http: http, directories: nil)
        await assertRefresh(missing, throws: .unreadableFile)
        let big = folder.appendingPathComponent("big.txt")
        try Data(repeating: 0x61, count: 101).write(to: big)
        await assertRefresh(LinksRepository(url: big, http: http, directories: nil, maxBytes: 100), throws: .tooLarge)
        let exact = folder.appendingPathComponent("exact.txt")
        try Data(repeating: 0x61, count: 100).write(to: exact)
        let entries = try await LinksRepository(url: exact, http: http, directories: nil, maxBytes: 100).refresh().entries
        XCTAssertEqual(entries.count, 1)
    }

    func testAFIFOOrAFolderNamedAsTheListIsUnreadableAndBlocksNothing() async throws {
        // Before, opening the FIFO waited for a writer forever, holding the disk queue.
        let fifo = folder.appendingPathComponent("pipe.txt")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let http = HTTPClient()
        await assertRefresh(LinksRepository(url: fifo, http: http, directories: nil), throws: .unreadableFile)
        await assertRefresh(LinksRepository(url: folder, http: http, directories: nil), throws: .unreadableFile)
        // The disk queue still serves a real file afterwards.
        let list = folder.appendingPathComponent("list.txt")
        try Data("https://example.com/a.png\n".utf8).write(to: list)
        let entries = try await LinksRepository(url: list, http: http, directories: nil).refresh().entries
        XCTAssertEqual(entries.count, 1)
    }

    private func assertRefresh(_ repository: LinksRepository, throws expected: LoadError, line: UInt = #line) async {
        do {
            _ = try await repository.refresh()
            XCTFail("expected \(expected)", line: line)
        } catch {
            XCTAssertEqual(error as? LoadError, expected, line: line)
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
