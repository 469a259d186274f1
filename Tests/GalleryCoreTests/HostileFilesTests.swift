import Foundation
import Glibc
import GalleryTestSupport
@testable import GalleryCore
import TestRequirements
import XCTest

/// Links files and cache folders prepared to hurt the app (issue 16): millions of tiny lines, hosts
/// that hide a NUL, a second writer in the same cache folder, a cache root that is a symbolic link
/// or shared with others.
final class HostileFilesTests: XCTestCase {
    private var server: FixtureServer!
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        folder = try TemporaryDirectory()
    }

    private func bytesOnDisk(under url: URL) throws -> Int {
        let names = try FileManager.default.subpathsOfDirectory(atPath: url.path)
        return try names.reduce(0) { total, name in
            let attributes = try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(name).path)
            return total + ((attributes[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    // MARK: Millions of tiny lines (class 2)

    func testThirtyTwoMebibytesOfTinyLinesShowTheFirstHundredThousandAndSayTheRestWasLeftOut() async throws {
        let http = HTTPClient()
        let directories = try CacheDirectories(root: folder.url)
        // 16,777,216 lines of "a", about 33 KB gzipped on the wire.
        let url = server.url("/fault/tiny-lines?mib=32&tag=\(FixtureServer.uniqueTag())")
        let links = LinksRepository(url: url, http: http, directories: directories)
        var fetched: LinksSnapshot?
        let started = ContinuousClock.now
        let peak = try await PeakMemory.measure { fetched = try await links.refresh() }
        print("HostileFiles: 32 MiB of tiny lines fetched and parsed in \(ContinuousClock.now - started), "
              + "peak RSS +\(peak / 1_048_576) MiB")
        let snapshot = try XCTUnwrap(fetched)

        XCTAssertEqual(snapshot.entries.count, LinksDocument.maxEntries)
        XCTAssertEqual(snapshot.omittedEntryCount, 16_777_216 - LinksDocument.maxEntries, "the window can say what it left out")
        XCTAssertEqual(snapshot.entries.last?.lineNumber, LinksDocument.maxEntries)
        XCTAssertEqual(snapshot.entries.first?.classification, .invalid(reason: .notAURL))
        XCTAssertLessThan(peak, 300 * 1_048_576, "memory stays bounded")

        // The saved copy holds only what is shown, and brings back the same at the next start.
        XCTAssertLessThan(try bytesOnDisk(under: directories.links), 1_048_576)
        var relaunched: LinksSnapshot?
        let relaunchPeak = try await PeakMemory.measure {
            relaunched = await LinksRepository(url: url, http: http, directories: directories).cachedSnapshot()
        }
        print("HostileFiles: saved copy reloaded, peak RSS +\(relaunchPeak / 1_048_576) MiB")
        XCTAssertEqual(relaunched?.entries, snapshot.entries)
        XCTAssertEqual(relaunched?.omittedEntryCount, snapshot.omittedEntryCount)
        let confirmed = try await links.refresh()
        XCTAssertEqual(confirmed.checksum, snapshot.checksum, "same content, confirmed")
        XCTAssertGreaterThan(confirmed.confirmedAt, snapshot.confirmedAt)
        XCTAssertEqual(confirmed.omittedEntryCount, snapshot.omittedEntryCount)
    }

    /// Issue 42: a list at the size limit whose lines are as long as 100,000 entries allow —
    /// links followed by bytes that are not UTF-8 (each grew twelvefold on the way and the app
    /// peaked at 1.3 GB), or links of Chinese characters (addresses three times their lines) — is
    /// shown in bounded memory, and brought back from its saved copy.
    func testListsOfLongLinesAtTheSizeLimitAreShownInBoundedMemory() async throws {
        let http = HTTPClient()
        let directories = try CacheDirectories(root: folder.url)
        for (kind, lineLength) in [("invalid", 336), ("wide", 335)] {
            let url = server.url("/fault/tiny-lines?mib=32&kind=\(kind)&tag=\(FixtureServer.uniqueTag())")
            let links = LinksRepository(url: url, http: http, directories: directories)
            var fetched: LinksSnapshot?
            let peak = try await PeakMemory.measure { fetched = try await links.refresh() }
            print("HostileFiles: 32 MiB of \(kind) lines shown, peak RSS +\(peak / 1_048_576) MiB")
            let snapshot = try XCTUnwrap(fetched)
            let lines = (32 << 20) / lineLength
            XCTAssertEqual(snapshot.entries.count, min(lines, LinksDocument.maxEntries), kind)
            XCTAssertLessThan(peak, 300 * 1_048_576, "\(kind): memory stays bounded")
            let first = try XCTUnwrap(snapshot.entries.first)
            if kind == "invalid" {
                XCTAssertEqual(first.classification, .invalid(reason: .malformed), "not UTF-8, so no link")
                XCTAssertTrue(first.text.hasPrefix("http://a/\u{FFFD}"), "shown as the browser shows it")
                XCTAssertLessThanOrEqual(first.text.utf8.count, 3 * LinksDocument.maxShownInvalidBytes, "a bounded part kept")
            } else {
                let address = "http://a/" + String(repeating: "%E7%8C%AB", count: 108) + "/"
                XCTAssertEqual(first.classification.address?.text, address)
                XCTAssertEqual(first.text, "http://a/" + String(repeating: "\u{732B}", count: 108) + "/")
            }
            var relaunched: LinksSnapshot?
            let relaunchPeak = try await PeakMemory.measure {
                relaunched = await LinksRepository(url: url, http: http, directories: directories).cachedSnapshot()
            }
            print("HostileFiles: saved copy of \(kind) lines reloaded, peak RSS +\(relaunchPeak / 1_048_576) MiB")
            XCTAssertEqual(relaunched?.entries, snapshot.entries, kind)
            XCTAssertLessThan(relaunchPeak, 300 * 1_048_576, "\(kind): the saved copy too")
        }
    }

    func testLineLimitCountsOnlyNonBlankLinesAndKeepsTheirNumbers() {
        let withoutCR = "one\n\n  \ntwo\nthree\n\u{00A0}\n\t four\n\nfive"
        let withCR = "one\n\n  \ntwo\r\nthree\r\u{00A0}\r\n\t four\r\rfive\r\n"
        for text in [withoutCR, withCR] {
            let parsed = LinksFileParser.parse(Data(text.utf8), maxLines: 2)
            XCTAssertEqual(parsed.lines.map(\.text), ["one", "two"])
            XCTAssertEqual(parsed.lines.map(\.lineNumber), [1, 4])
            XCTAssertEqual(parsed.omittedLineCount, 3, "three, four and five; blank and NBSP-only lines are no entries")
            let kept = Data(text.utf8).prefix(parsed.keptByteCount)
            XCTAssertEqual(LinksFileParser.parse(kept), parsed.lines, "the kept bytes parse back to the same lines")
            XCTAssertEqual(LinksFileParser.parse(Data(text.utf8)).count, 5, "without a limit every line is kept")
        }
    }

    // MARK: Hosts with control characters (class 7)

    func testHostsWithNULOrControlCharactersAreInvalidEntries() async throws {
        let hostile = [
            "http://evil.com%00.paypal.com/x.png", "http://evil.com\u{0}.paypal.com/x.png",
            "http://evil.com%0d%0aHost:paypal.com/x.png", "http://evil.com%7F.paypal.com/x.png",
            "http://evil.com%C2%85.paypal.com/x.png", "http://evil.com\u{1}.paypal.com/x.png",
        ]
        let good = server.url("/img/64x48.png").absoluteString
        let url = try server.writeFile(name: "hosts-\(FixtureServer.uniqueTag()).txt",
                                       contents: (hostile + [good, "http://пример.рф/кот.png"]).joined(separator: "\n"))

        let entries = try await LinksRepository(url: url, http: HTTPClient(), directories: nil).refresh().entries

        XCTAssertEqual(entries.count, hostile.count + 2)
        for entry in entries.prefix(hostile.count) {
            XCTAssertEqual(entry.classification, .invalid(reason: .malformed), entry.text.debugDescription)
            XCTAssertNil(entry.fetchedHost, "nothing is fetched for \(entry.text.debugDescription)")
        }
        XCTAssertEqual(entries[hostile.count].fetchedHost, "127.0.0.1")
        XCTAssertEqual(entries[hostile.count + 1].fetchedHost, "xn--e1afmkfd.xn--p1ai", "tooltips show what DNS is asked")
    }

    // MARK: Temporary files (class 9)

    /// Files are written with no name (`O_TMPFILE`); a named temporary file is a crash's
    /// leftover unless its writer still holds it locked (another instance, on a file system
    /// that needs names): the first goes at the next start, at once, the second stays.
    func testTemporaryFilesOfALiveWriterSurviveAndAbandonedOnesGoAtOnce() throws {
        let abandoned = folder.url.appendingPathComponent(".tmp-5eed5eed")
        let live = folder.url.appendingPathComponent(".tmp-f0e5f0e5")
        try Data(repeating: 1, count: 100).write(to: abandoned) // written a moment ago, writer gone
        try Data(repeating: 2, count: 100).write(to: live)
        // Another instance's writer, holding its file locked as `UnnamedCacheFile` does (a lock
        // belongs to one open of the file: the stores' own opens cannot take it).
        let holder = open(live.path, O_RDONLY | O_CLOEXEC)
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        defer { close(holder) }

        // One store writes while other stores (another window's, another instance's) start up.
        let writer = DiskStore(directory: folder.url, capacityBytes: 1 << 30, fileExtension: "png")
        let failures = Counter()
        let done = DispatchSemaphore(value: 0)
        Thread {
            for index in 0..<300 {
                do { try writer.write(Data(repeating: UInt8(index % 256), count: 64 * 1024), key: "key-\(index)") } catch {
                    failures.increment()
                }
            }
            done.signal()
        }.start()
        var starts = 0
        while done.wait(timeout: .now()) == .timedOut {
            _ = DiskStore(directory: folder.url, capacityBytes: 1 << 30, fileExtension: "png").contains(key: "probe")
            starts += 1
        }

        XCTAssertGreaterThan(starts, 0)
        XCTAssertEqual(failures.value, 0, "no write lost its file to another store")
        XCTAssertEqual((0..<300).filter { writer.read(key: "key-\($0)") == nil }, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned.path), "a crash's leftover goes at once")
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path), "a live writer's file stays")

        flock(holder, LOCK_UN) // the writer is gone
        _ = DiskStore(directory: folder.url, capacityBytes: 1 << 30, fileExtension: "png").contains(key: "probe")
        XCTAssertFalse(FileManager.default.fileExists(atPath: live.path), "its writer gone, it goes at the next start")
    }

    /// A download being written to the cache has no name in the folder, and none is left when
    /// it is abandoned.
    func testAFileBeingWrittenHasNoNameUntilItIsCommitted() throws {
        let store = DiskStore(directory: folder.url, capacityBytes: 1 << 30, fileExtension: "bin")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        let pending = try store.beginWrite()
        XCTAssertTrue(Data(repeating: 7, count: 100_000).withUnsafeBytes { pending.write($0) })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), before, "no name while written")
        let abandoned = try store.beginWrite()
        XCTAssertTrue(Data(repeating: 8, count: 1000).withUnsafeBytes { abandoned.write($0) })
        abandoned.discard()
        try store.commit(pending, key: "done")
        XCTAssertEqual(store.read(key: "done")?.count, 100_000)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".tmp-") }, [])
    }

    // MARK: The cache root (class 10)

    func testCacheRootThatIsASymbolicLinkIsRefusedAndNothingIsWrittenThere() throws {
        let target = folder.url.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let link = folder.url.appendingPathComponent("cache-root")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        XCTAssertThrowsError(try CacheDirectories(root: link))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target.path), [], "nothing written through the link")

        // A folder inside the root that is a link is refused too.
        let root = folder.url.appendingPathComponent("root", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("thumbnails"), withDestinationURL: target)
        XCTAssertThrowsError(try CacheDirectories(root: root))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target.path), [])
    }

    func testSharedCacheRootIsMadePrivate() throws {
        let root = folder.url.appendingPathComponent("root", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("links"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])

        let directories = try CacheDirectories(root: root)

        for url in [directories.root, directories.links, directories.thumbnails, directories.originals] {
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
            XCTAssertEqual(mode?.intValue, 0o700, url.path)
        }
    }

    func testCacheRootOfAnotherUserIsRefused() throws {
        guard geteuid() == 0 else { throw TestRequirement.missing("only root can hand a folder to another user") }
        let root = folder.url.appendingPathComponent("root", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        XCTAssertEqual(chown(root.path, 65534, 65534), 0)

        XCTAssertThrowsError(try CacheDirectories(root: root)) { error in
            XCTAssertEqual(error as? DiskStoreError, .directoryUnavailable(path: root.path, reason: "belongs to another user"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), [], "nothing was created in it")
    }
}
