import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

/// The recent lists the main menu offers: the default first, then newest first, bounded.
final class RecentListsTests: XCTestCase {
    private let standard = LinksSource.web(URL(string: "https://example.com/images.txt")!)
    private func web(_ name: String) -> LinksSource { .web(URL(string: "https://example.com/\(name).txt")!) }

    func testTheDefaultListStaysFirstAndIsNeverStored() {
        var lists = RecentLists(defaultSource: standard)
        XCTAssertEqual(lists.entries.map(\.source), [standard])
        XCTAssertFalse(lists.canForget)
        lists.record(web("a"), at: Date(timeIntervalSince1970: 1))
        lists.record(standard, at: Date(timeIntervalSince1970: 2))
        XCTAssertEqual(lists.entries.map(\.source), [standard, web("a")])
        XCTAssertEqual(lists.stored.map(\.source), [web("a")])
    }

    func testReopeningMovesAListToTheTopOnceAndOldOnesFallOff() {
        var lists = RecentLists(defaultSource: standard)
        let file = LinksSource.file(URL(fileURLWithPath: "/home/p/mine.txt"))
        lists.record(web("a"), at: Date(timeIntervalSince1970: 1))
        lists.record(file, at: Date(timeIntervalSince1970: 2))
        lists.record(web("a"), at: Date(timeIntervalSince1970: 3))
        XCTAssertEqual(lists.entries.map(\.source), [standard, web("a"), file])
        XCTAssertEqual(lists.entries.map(\.name), ["images.txt (example.com)", "a.txt (example.com)", "mine.txt"])
        XCTAssertEqual(lists.stored[0].openedAt, Date(timeIntervalSince1970: 3))
        for index in 0..<20 { lists.record(web("n\(index)")) }
        XCTAssertEqual(lists.stored.count, RecentLists.capacity)
        XCTAssertEqual(lists.stored.first?.source, web("n19"))
        XCTAssertFalse(lists.stored.contains { $0.source == file }, "the oldest fell off")
    }

    func testForgettingKeepsOnlyTheDefault() {
        var lists = RecentLists(defaultSource: standard, stored: [.init(source: web("a"), name: "A", openedAt: Date())])
        XCTAssertTrue(lists.canForget)
        lists.forgetAll()
        XCTAssertEqual(lists.entries.map(\.source), [standard])
    }

    func testTheStoreReadsBackWhatItSavedAndSkipsWhatNoLongerReads() {
        let standard = standard, a = web("a")
        MainActor.assumeIsolated {
            // Without the schema, AppSettings keeps values in memory: the same code path in and out.
            let settings = AppSettings(schemaID: "io.github.linkgallery.NoSuchSchema")
            let store = RecentListsStore(settings: settings, defaultSource: standard)
            var changes = 0
            store.onChange = { changes += 1 }
            store.record(a)
            store.record(.file(URL(fileURLWithPath: "/tmp/b.txt")))
            XCTAssertEqual(changes, 2)
            settings.recentLists.append(("javascript:alert(1)", "bad", 0))
            let reopened = RecentListsStore(settings: settings, defaultSource: standard)
            XCTAssertEqual(reopened.lists.entries.map(\.source), [standard, .file(URL(fileURLWithPath: "/tmp/b.txt")), a])
        }
    }
}
