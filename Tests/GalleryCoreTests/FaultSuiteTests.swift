import CGtk
import Foundation
import GalleryTestSupport
@testable import GalleryCore
import TestRequirements
import XCTest

/// Hostile conditions against the real fixture server and real folders on disk: links files
/// that are garbage or huge, servers that break off or do not exist, cache folders that are
/// read-only, full, or damaged between runs. Nothing may crash, no good cached data may be lost,
/// no damaged data may be shown, and each case must recover by itself (refetching when needed).
///
/// Every test counts the faults and inputs it tried; when the class finishes it prints one line,
/// "Fault suite: N faults, M inputs …", for the notes.
final class FaultSuiteTests: XCTestCase {
    private var root: URL!
    private var server: FixtureServer!
    private let http = HTTPClient()
    private var faults = 0
    private var inputs = 0
    private var skipped = false

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
        FaultTally.shared.record(test: name, faults: faults, inputs: inputs,
                                 passed: testRun.map { $0.totalFailureCount == 0 } ?? false, skipped: skipped)
    }

    override class func tearDown() {
        print(FaultTally.shared.summary)
        super.tearDown()
    }

    private func skip(_ reason: String) -> any Error {
        skipped = true
        return TestRequirement.missing(reason)
    }

    private func directories(_ folder: URL? = nil) throws -> CacheDirectories {
        try CacheDirectories(root: folder ?? root)
    }

    private func uniquePath(_ base: String) -> String {
        base + (base.contains("?") ? "&" : "?") + "tag=\(FixtureServer.uniqueTag())"
    }

    // MARK: Links files

    func testLinksFilesOfBinaryGarbageParseAndSurviveARelaunch() async throws {
        faults += 1
        var random = SplitMix64(seed: 7)
        var garbage: [Data] = [Data(), Data([0]), Data(repeating: 0, count: 10_000), random.bytes(100),
                               random.bytes(4096), random.bytes(65_536), random.bytes(1_000_000)]
        // Mostly line ends and NULs, and fragments of links between invalid UTF-8.
        garbage.append(Data((0..<50_000).map { _ in [0x0A, 0x0D, 0x00, 0xFF][Int(random.next() % 4)] }))
        garbage.append(Data((0..<2_000).flatMap { index in
            Array("http://\(index).example/\u{0}a.jpg".utf8) + [0xC3, 0x28, 0xE2, 0x82, 0x0A, 0xF0, 0x9F, 0x0D]
        }))
        for bytes in garbage {
            inputs += 1
            let url = try server.writeFile(name: "garbage-\(FixtureServer.uniqueTag()).txt", contents: bytes)
            let links = LinksRepository(url: url, http: http, directories: try directories())
            let snapshot = try await links.refresh()
            assertWellFormed(snapshot.entries, from: bytes)
            let confirmed = try await links.refresh()
            XCTAssertEqual(confirmed.checksum, snapshot.checksum, "a second fetch confirms it")
            let relaunched = await LinksRepository(url: url, http: http, directories: try directories()).cachedSnapshot()
            XCTAssertEqual(relaunched?.entries, snapshot.entries, "the snapshot survives a relaunch")
        }
    }

    func testOneMegabyteSingleLineIsCutNotRefused() async throws {
        faults += 1
        let longLink = "https://example.com/" + String(repeating: "a", count: 1_048_576) + ".jpg"
        let longText = String(repeating: "word ", count: 209_715)
        // A link keeps the longest line kept; a line that is no link what its placeholder shows.
        for (text, kept) in [(longLink, LinksFileParser.maxLineLength), (longText, LinksDocument.maxShownInvalidBytes)] {
            inputs += 1
            let url = try server.writeFile(name: "long-\(FixtureServer.uniqueTag()).txt", contents: text)
            let snapshot = try await LinksRepository(url: url, http: http, directories: try directories()).refresh()
            XCTAssertEqual(snapshot.entries.count, 1)
            XCTAssertEqual(snapshot.entries.first?.text.count, kept, "cut to what is kept")
            XCTAssertTrue(text.hasPrefix(snapshot.entries.first?.text ?? "-"), "the kept part is the line's start")
        }
    }

    func testHundredThousandLinesParseClassifyAndRefresh() async throws {
        faults += 1
        inputs += 2
        let lineCount = 100_000
        let lines = (0..<lineCount).map { index -> String in
            switch index % 4 {
            case 0: return "https://images.example/photo-\(index).jpg"
            case 1: return "https://encrypted-tbn0.gstatic.com/images?q=tbn:\(index)"
            case 2: return "plain text number \(index)"
            default: return index % 8 == 3 ? "" : "ftp://files.example/\(index).png"
            }
        }
        let name = "hundred-thousand-\(FixtureServer.uniqueTag()).txt"
        let url = try server.writeFile(name: name, contents: lines.joined(separator: "\n"))
        let links = LinksRepository(url: url, http: http, directories: try directories())
        let started = ContinuousClock.now
        let snapshot = try await links.refresh()
        print("FaultSuite: 100,000 lines fetched, parsed and classified in \(ContinuousClock.now - started) (debug build)")

        let nonBlank = lines.enumerated().filter { !$0.element.isEmpty }
        XCTAssertEqual(snapshot.entries.count, nonBlank.count)
        XCTAssertEqual(snapshot.entries.map(\.lineNumber), nonBlank.map { $0.offset + 1 })
        let fetchable = snapshot.entries.filter { $0.classification.url != nil }
        XCTAssertEqual(fetchable.count, lineCount / 2, "the https lines, and only they, are links")
        XCTAssertEqual(snapshot.entries.last?.text, nonBlank.last?.element)

        // An edit to the big file arrives as new content; the unchanged file is only confirmed.
        try server.writeFile(name: name, contents: (lines + ["https://images.example/added.png"]).joined(separator: "\n"))
        let edited = try await links.refresh()
        XCTAssertNotEqual(edited.checksum, snapshot.checksum, "the edit is new content")
        XCTAssertEqual(edited.entries.count, nonBlank.count + 1)
        let confirmed = try await links.refresh()
        XCTAssertEqual(confirmed.checksum, edited.checksum, "unchanged content expected")
    }

    // MARK: Network

    func testServerClosingAfterTheHeadersFailsTransientlyAndStoresNothing() async throws {
        faults += 1
        let imageRepository = ImageRepository(http: http, directories: try directories())
        for path in ["/fault/close-after-headers", uniquePath("/fault/close-after-headers")] {
            inputs += 1
            await assertTransientFailure(imageRepository, server.url(path))
        }
        inputs += 1
        let links = LinksRepository(url: server.url("/fault/close-after-headers"), http: http, directories: try directories())
        await assertRefreshFails(links, transient: true)
        let nothingCached = await links.cachedSnapshot()
        XCTAssertNil(nothingCached)
        XCTAssertEqual(try cachedFiles(), [], "no half body was stored")
        XCTAssertFalse(imageRepository.cacheProblems.hasReported)
    }

    func testUnresolvableHostIsNoConnection() async throws {
        faults += 1
        let imageRepository = ImageRepository(http: http, directories: try directories())
        for link in ["http://no-such-host.invalid/a.png", "https://nothing-here.invalid/images?q=tbn:1"] {
            inputs += 1
            await assertTransientFailure(imageRepository, URL(string: link)!, expected: .noConnection)
        }
        inputs += 1
        let links = LinksRepository(url: URL(string: "http://no-such-host.invalid/links.txt")!, http: http, directories: try directories())
        do {
            _ = try await links.refresh()
            XCTFail("an unresolvable host cannot answer")
        } catch {
            XCTAssertEqual(error as? LoadError, .noConnection)
        }
        XCTAssertEqual(try cachedFiles(), [])
    }

    func testFailedRefreshKeepsTheLastGoodLinksSnapshot() async throws {
        faults += 1
        inputs += 1
        let name = "kept-\(FixtureServer.uniqueTag()).txt"
        let url = try server.writeFile(name: name, contents: "https://example.com/a.jpg\nhttps://example.com/b.png\n")
        let links = LinksRepository(url: url, http: http, directories: try directories())
        let good = try await links.refresh()
        try FileManager.default.removeItem(at: server.rootDirectory.appendingPathComponent(name))
        do {
            _ = try await links.refresh()
            XCTFail("the file is gone from the server")
        } catch {
            XCTAssertEqual(error as? LoadError, .serverError(status: 404))
        }
        let relaunched = await LinksRepository(url: url, http: http, directories: try directories()).cachedSnapshot()
        XCTAssertEqual(relaunched?.entries, good.entries, "a failed refresh never replaces the last good copy")
    }

    // MARK: Cache folders

    func testReadOnlyCacheServesFromMemoryAndReportsOnce() async throws {
        faults += 1
        let folders = try directories()
        let repository = ImageRepository(http: http, directories: folders)
        let reports = Counter()
        repository.cacheProblems.onFirstProblem { _ in reports.increment() }
        let restore = try makeImmutable([folders.thumbnails, folders.originals])
        defer { restore() }

        let paths = ["/img/640x480.jpg", "/img/300x200.png", "/img/500x500.gif", "/img/400x300.webp"].map(uniquePath)
        for path in paths {
            inputs += 1
            let thumbnail = try await repository.thumbnail(for: server.url(path), priority: .visible)
            XCTAssertLessThanOrEqual(max(thumbnail.texture.pixelWidth, thumbnail.texture.pixelHeight), ImageDecoder.defaultThumbnailSide)
            XCTAssertNotNil(repository.cachedThumbnail(for: server.url(path)), "kept in memory")
            _ = try await repository.thumbnail(for: server.url(path), priority: .visible)
            let requests = try await server.requestCount(path: path)
            XCTAssertEqual(requests, 1, "the second request is served from memory")
        }
        XCTAssertEqual(reports.value, 1, "one report for many failed writes")
        XCTAssertTrue(repository.cacheProblems.hasReported)
        // (The cache root stays writable: what servers said about the originals is kept there.)
        XCTAssertEqual(try cachedFiles(in: folders.thumbnails) + cachedFiles(in: folders.originals), [],
                       "nothing could be written")
    }

    func testFullDiskKeepsServingAndLosesNothingAlreadyCached() async throws {
        faults += 1
        guard let disk = SmallTmpfs(kilobytes: 512) else {
            throw skip("a full disk needs a small tmpfs, and mounting one needs root")
        }
        defer { disk.remove() }
        let folders = try CacheDirectories(root: disk.url.appendingPathComponent("cache"))
        let repository = ImageRepository(http: http, directories: folders)
        let reports = Counter()
        repository.cacheProblems.onFirstProblem { _ in reports.increment() }

        inputs += 1
        let keptPath = uniquePath("/img/64x48.png")
        let kept = try await repository.thumbnail(for: server.url(keptPath), priority: .visible)
        XCTAssertEqual(reports.value, 0, "there was room for the first image")
        disk.fill()

        for path in ["/img/800x600.bmp", "/img/1024x768.png", "/img/640x480.jpg"].map(uniquePath) {
            inputs += 1
            let thumbnail = try await repository.thumbnail(for: server.url(path), priority: .visible)
            XCTAssertEqual(thumbnail.texture.pixelWidth, ImageDecoder.defaultThumbnailSide, "shown although it could not be stored")
            let original = try await repository.original(for: server.url(path), priority: .interactive)
            XCTAssertGreaterThan(original.texture.pixelWidth, ImageDecoder.defaultThumbnailSide)
        }
        XCTAssertEqual(reports.value, 1, "one report for many failed writes")

        inputs += 1
        let linksURL = try server.writeFile(name: "full-\(FixtureServer.uniqueTag()).txt", contents: "https://example.com/a.jpg\n")
        let refreshed = try await LinksRepository(url: linksURL, http: http, directories: folders).refresh()
        XCTAssertEqual(refreshed.entries.count, 1, "the links file works from memory")

        let leftovers = try cachedFiles(in: folders.root).filter { $0.lastPathComponent.hasPrefix(DiskStore.temporaryPrefix) }
        XCTAssertEqual(leftovers, [], "failed writes leave no partial files behind")
        // A relaunch over the full disk still has the image stored before it filled up.
        let relaunched = ImageRepository(http: http, directories: folders)
        let again = try await relaunched.thumbnail(for: server.url(keptPath), priority: .visible)
        XCTAssertEqual(again.pixels, kept.pixels)
        let requests = try await server.requestCount(path: keptPath)
        XCTAssertEqual(requests, 1, "read back from the full disk, not downloaded again")
    }

    func testCacheFilesDamagedBetweenRunsAreNeverShownAndAreFetchedAgain() async throws {
        let pristine = root.appendingPathComponent("pristine")
        let imagePaths = [uniquePath("/img/640x480.png"), uniquePath("/img/800x600.jpg")]
        let linksURL = try server.writeFile(name: "damaged-\(FixtureServer.uniqueTag()).txt",
                                            contents: "https://example.com/a.jpg\nplain words\nhttps://example.com/b.png\n")
        // The first run fills the cache: what it shows is what every later run must show.
        let firstRun = ImageRepository(http: http, directories: try directories(pristine))
        var expectedThumbnails: [Data] = [], expectedOriginals: [Data] = []
        for path in imagePaths {
            expectedThumbnails.append(try await firstRun.thumbnail(for: server.url(path), priority: .visible).pixels)
            expectedOriginals.append(try await firstRun.original(for: server.url(path), priority: .interactive).pixels)
        }
        let expectedEntries = try await LinksRepository(url: linksURL, http: http, directories: try directories(pristine))
            .refresh().entries

        let kinds: [(name: String, files: [(folder: String, fileExtension: String)])] = [
            ("thumbnail", [("thumbnails", "png")]), ("original", [("originals", "bin")]),
            ("thumbnail and original", [("thumbnails", "png"), ("originals", "bin")]),
            ("links file", [("links", "txt")]), ("links metadata", [("links", "json")]),
        ]
        for (kindNumber, kind) in kinds.enumerated() {
            for (corruptionNumber, corruption) in CacheCorruption.allCases.enumerated() {
                faults += 1
                let run = root.appendingPathComponent(UUID().uuidString)
                try FileManager.default.copyItem(at: pristine, to: run)
                let damaged = try kind.files.flatMap { folder, fileExtension in
                    try cachedFiles(in: run.appendingPathComponent(folder)).filter { $0.pathExtension == fileExtension }
                }
                XCTAssertGreaterThanOrEqual(damaged.count, kind.files.count, "the first run stored a \(kind.name)")
                for file in damaged {
                    inputs += 1
                    try corruption.apply(to: file, seed: UInt64(kindNumber * 100 + corruptionNumber))
                }
                let context = "\(corruption.rawValue) \(kind.name)"
                let nextRun = ImageRepository(http: http, directories: try directories(run))
                for (index, path) in imagePaths.enumerated() {
                    let thumbnail = try await nextRun.thumbnail(for: server.url(path), priority: .visible)
                    assertSamePixels(thumbnail.texture, expectedThumbnails[index], "the thumbnail after a \(context)")
                    try await assertOriginalRecovers(nextRun, path: path, expected: expectedOriginals[index], context: context)
                }
                let links = LinksRepository(url: linksURL, http: http, directories: try directories(run))
                if let cached = await links.cachedSnapshot() {
                    XCTAssertEqual(cached.entries, expectedEntries, "a damaged links snapshot is never used (\(context))")
                }
                let refreshed = try await links.refresh()
                XCTAssertEqual(refreshed.entries, expectedEntries, "links after a \(context)")
                let healed = await LinksRepository(url: linksURL, http: http, directories: try directories(run)).cachedSnapshot()
                XCTAssertEqual(healed?.entries, expectedEntries, "the refresh healed the snapshot (\(context))")
            }
        }
    }

    // MARK: Helpers

    /// A damaged original must never be shown, and must be fetched again by the same request:
    /// every cache file carries a checksum, so damage reads as a cache miss.
    private func assertOriginalRecovers(_ repository: ImageRepository, path: String, expected: Data, context: String) async throws {
        let original = try await repository.original(for: server.url(path), priority: .interactive)
        assertSamePixels(original.texture, expected, "the original after a \(context)")
    }

    /// Wrong pixels are the worst outcome: a damaged cache file shown as if it were the image.
    private func assertSamePixels(_ image: TextureHandle, _ expected: Data, _ what: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        if image.pixels != expected {
            FaultTally.shared.damagedDataShown(what)
            XCTFail("damaged data shown: \(what)", file: file, line: line)
        }
    }

    private func assertWellFormed(_ entries: [LinkEntry], from bytes: Data, file: StaticString = #filePath, line: UInt = #line) {
        let lineEnds = bytes.filter { $0 == 0x0A || $0 == 0x0D }.count
        XCTAssertTrue(zip(entries, entries.dropFirst()).allSatisfy { $0.lineNumber < $1.lineNumber }, "line numbers increase", file: file, line: line)
        XCTAssertLessThanOrEqual(entries.last?.lineNumber ?? 0, lineEnds + 1, "no line beyond the file", file: file, line: line)
        for entry in entries {
            XCTAssertFalse(entry.text.isEmpty, file: file, line: line)
            XCTAssertLessThanOrEqual(entry.text.count, LinksFileParser.maxLineLength, file: file, line: line)
            if let url = entry.classification.url {
                XCTAssertTrue(["http", "https"].contains(url.scheme ?? ""), "only http(s) is ever fetched: \(url)", file: file, line: line)
                XCTAssertFalse(url.host?.isEmpty ?? true, file: file, line: line)
            }
        }
    }

    private func assertTransientFailure(_ repository: ImageRepository, _ url: URL, expected: LoadError? = nil,
                                        file: StaticString = #filePath, line: UInt = #line) async {
        do {
            _ = try await repository.thumbnail(for: url, priority: .visible)
            XCTFail("\(url) cannot give an image", file: file, line: line)
        } catch let error as LoadError {
            XCTAssertTrue(error.isTransient, "\(error) is worth retrying", file: file, line: line)
            if let expected { XCTAssertEqual(error, expected, file: file, line: line) }
        } catch {
            XCTFail("not an LoadError: \(error)", file: file, line: line)
        }
    }

    private func assertRefreshFails(_ links: LinksRepository, transient: Bool, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            _ = try await links.refresh()
            XCTFail("the refresh cannot succeed", file: file, line: line)
        } catch let error as LoadError {
            XCTAssertEqual(error.isTransient, transient, "\(error)", file: file, line: line)
        } catch {
            XCTFail("not a LoadError: \(error)", file: file, line: line)
        }
    }

    /// Every regular file below `folder` (default: this test's cache root).
    private func cachedFiles(in folder: URL? = nil) throws -> [URL] {
        let folder = folder ?? root!
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    /// Makes folders unwritable even for root (`chattr +i`), or by mode bits for other users.
    private func makeImmutable(_ folders: [URL]) throws -> () -> Void {
        if geteuid() == 0 {
            guard folders.allSatisfy({ ExternalTool.succeeds("/usr/bin/chattr", ["+i", $0.path]) }) else {
                folders.forEach { _ = ExternalTool.succeeds("/usr/bin/chattr", ["-i", $0.path]) }
                throw skip("running as root and chattr +i is not allowed on this file system")
            }
            return { folders.forEach { _ = ExternalTool.succeeds("/usr/bin/chattr", ["-i", $0.path]) } }
        }
        for folder in folders {
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
        }
        return { folders.forEach { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: $0.path) } }
    }
}
