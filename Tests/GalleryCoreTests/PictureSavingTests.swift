import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// Save to Folder through the real repository, a real HTTP server and real folders: the files
/// are the server's bytes, named safely, never over another file, and nothing half written is
/// left by a cancel, a full disk or a failing download.
final class PictureSavingTests: XCTestCase {
    private var root: URL!
    private var folder: URL!
    private var server: FixtureServer!
    private let http = HTTPClient()

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("saving-\(UUID().uuidString)")
        folder = root.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    private func makeRepository(cache: URL? = nil) throws -> ImageRepository {
        ImageRepository(http: http, directories: try CacheDirectories(root: cache ?? root.appendingPathComponent("cache")))
    }

    private func saving(_ repository: ImageRepository, into folder: URL? = nil) -> PictureSaving {
        PictureSaving(folder: folder ?? self.folder) { url in try await repository.originalFile(for: url, priority: .interactive) }
    }

    /// A file the server serves as it is, under a folder of its own per test.
    private func served(_ name: String, _ contents: Data) throws -> (url: URL, bytes: Data) {
        let tag = FixtureServer.uniqueTag()
        try write(contents, as: "\(tag)/\(name)", on: server)
        return (server.url("/\(tag)/\(name)"), contents)
    }

    private func write(_ contents: Data, as path: String, on server: FixtureServer) throws {
        let file = server.rootDirectory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
    }

    private func picture(_ url: URL) -> PictureSaving.Picture {
        PictureSaving.Picture(url: url, title: url.lastPathComponent)
    }

    private func png(_ seed: Int) async throws -> Data {
        try await http.send(HTTPRequest(url: server.url("/img?w=40&h=30&fmt=png&seed=\(seed)"))).body
    }

    private func jpeg(_ seed: Int) async throws -> Data {
        try await http.send(HTTPRequest(url: server.url("/img?w=40&h=30&fmt=jpeg&seed=\(seed)"))).body
    }

    private func folderContents(_ folder: URL? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (folder ?? self.folder).path).sorted()
    }

    func testSavesEveryOriginalByteForByteUnderNamesThatNeverCollide() async throws {
        let first = try served("photo.jpg", try await jpeg(1))
        let sameName = try served("photo.jpg", try await jpeg(2))
        let noExtension = try served("download", try await png(3))
        let lyingExtension = try served("scan.jpg", try await png(4))
        // Already in the folder: the person's own file is never replaced.
        let theirs = Data("the person's own file".utf8)
        try theirs.write(to: folder.appendingPathComponent("photo.jpg"))

        let repository = try makeRepository()
        let progress = Counter()
        let report = await saving(repository).run([first, sameName, noExtension, lyingExtension].map { picture($0.url) }) { _ in
            progress.increment()
        }

        XCTAssertEqual(report.failed.count, 0)
        XCTAssertFalse(report.cancelled)
        XCTAssertEqual(report.saved.map(\.lastPathComponent), ["photo (2).jpg", "photo (3).jpg", "download.png", "scan.png"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("photo.jpg")), theirs)
        for (file, source) in zip(report.saved, [first, sameName, noExtension, lyingExtension]) {
            XCTAssertEqual(try Data(contentsOf: file), source.bytes, file.lastPathComponent)
        }
        XCTAssertEqual(progress.value, 4)
        XCTAssertEqual(try folderContents(), ["download.png", "photo (2).jpg", "photo (3).jpg", "photo.jpg", "scan.png"],
                       "no temporary file is left")
        let mode = try FileManager.default.attributesOfItem(atPath: report.saved[0].path)[.posixPermissions] as? Int
        let mask = umask(0o022)
        umask(mask)
        XCTAssertEqual(mode, 0o666 & ~Int(mask), "a saved picture has the mode any new file of the person's gets")
    }

    /// A real list's search thumbnails are all named "images": each takes the next number, the
    /// person's own "images (3).png" stays, and no name is tried twice per file.
    func testManyLinksOfOneNameTakeTheNextFreeNumbers() async throws {
        let data = try await png(30)
        let tag = FixtureServer.uniqueTag()
        try write(data, as: "\(tag)/images", on: server)
        try Data("theirs".utf8).write(to: folder.appendingPathComponent("images (3).png"))
        let url = server.url("/\(tag)/images")
        let report = await saving(try makeRepository()).run(Array(repeating: picture(url), count: 5)) { _ in }
        XCTAssertEqual(report.saved.map(\.lastPathComponent),
                       ["images.png", "images (2).png", "images (4).png", "images (5).png", "images (6).png"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("images (3).png")), Data("theirs".utf8))
    }

    func testHostileNamesAreMadeSafeInsideTheChosenFolder() async throws {
        let data = try await png(5)
        let tag = FixtureServer.uniqueTag()
        try write(data, as: "\(tag)/evil", on: server)
        let url = server.url("/\(tag)/evil")
        let report = await saving(try makeRepository()).run([
            PictureSaving.Picture(url: url, title: "../../outside\u{202E}gpj.exe"),
            PictureSaving.Picture(url: url, title: ".hidden"),
            PictureSaving.Picture(url: url, title: "a\nb"),
        ]) { _ in }
        XCTAssertEqual(report.saved.map(\.lastPathComponent), ["_.._outsidegpj.exe.png", "hidden.png", "ab.png"])
        XCTAssertTrue(report.saved.allSatisfy { $0.deletingLastPathComponent().path == folder.path })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted(), ["Pictures", "cache"])
    }

    func testAFailingDownloadIsReportedAndTheOthersAreSaved() async throws {
        let good = try served("good.png", try await png(6))
        let missing = server.url("/\(FixtureServer.uniqueTag())/missing.png")
        let report = await saving(try makeRepository()).run([picture(missing), picture(good.url)]) { _ in }
        XCTAssertEqual(report.saved.map(\.lastPathComponent), ["good.png"])
        XCTAssertEqual(report.failed.map(\.picture.url), [missing])
        XCTAssertEqual(report.failed.first?.problem, .download(.serverError(status: 404)))
        XCTAssertEqual(try folderContents(), ["good.png"])
    }

    func testWorksOfflineForWhatIsCached() async throws {
        let own = try FixtureServer()
        let tag = FixtureServer.uniqueTag()
        let data = try await png(7)
        try write(data, as: "\(tag)/kept.png", on: own)
        let kept = own.url("/\(tag)/kept.png"), never = own.url("/\(tag)/never.png")
        let cache = root.appendingPathComponent("shared-cache")
        _ = try await makeRepository(cache: cache).original(bytesFor: kept, priority: .interactive)
        own.stop()

        // A relaunch without a network: a new repository on the same cache.
        let report = await saving(try makeRepository(cache: cache)).run([picture(kept), picture(never)]) { _ in }
        XCTAssertEqual(report.saved.map(\.lastPathComponent), ["kept.png"])
        XCTAssertEqual(try Data(contentsOf: report.saved[0]), data)
        XCTAssertEqual(report.failed.first?.problem, .download(.noConnection))
    }

    func testCancelLeavesOnlyWholeFiles() async throws {
        let quick = try served("quick.png", try await png(8))
        // The second original takes long to come; the person cancels while it is on its way.
        let slowTag = FixtureServer.uniqueTag()
        try write(try await png(9), as: "\(slowTag)/slow.png", on: server)
        let slow = server.url("/fault/slow/20000/\(slowTag)/slow.png")
        let repository = try makeRepository()
        let done = Counter()
        let saving = saving(repository), pictures = [picture(quick.url), picture(slow), picture(quick.url)]
        let task = Task { await saving.run(pictures) { _ in done.increment() } }
        try await waitUntil { done.value == 1 }
        task.cancel()
        let report = await task.value
        XCTAssertTrue(report.cancelled)
        XCTAssertEqual(report.saved.map(\.lastPathComponent), ["quick.png"])
        XCTAssertEqual(report.notTried, 2)
        XCTAssertEqual(try folderContents(), ["quick.png"], "nothing half written, no temporary file")
    }

    func testAFullDiskStopsTheRunAndSpoilsNothing() async throws {
        guard let disk = SmallTmpfs(kilobytes: 256) else {
            return XCTFail("a full disk needs a small tmpfs, and mounting one needs root (tools/test runs as root)")
        }
        defer { disk.remove() }
        let small = try served("small.png", try await png(10))
        // Larger than what is left once the first is written.
        let bmp = try await http.send(HTTPRequest(url: server.url("/img?w=320&h=320&fmt=bmp"))).body
        let large = try served("large.bmp", bmp)
        let repository = try makeRepository()
        let report = await saving(repository, into: disk.url).run([small, large, small].map { picture($0.url) }) { _ in }
        XCTAssertEqual(report.saved.map(\.lastPathComponent), ["small.png"])
        XCTAssertEqual(report.failed.map(\.problem), [.diskFull])
        XCTAssertEqual(report.notTried, 1, "the pictures after a full disk are not tried")
        XCTAssertEqual(try Data(contentsOf: disk.url.appendingPathComponent("small.png")), small.bytes)
        XCTAssertEqual(try folderContents(disk.url), ["small.png"], "no partial file")
    }

    func testAWriterThatFailsOneFileDoesNotStopTheOthers() async throws {
        let pictures = try await (0..<3).asyncMap { try served("p\($0).png", try await png(20 + $0)) }
        let repository = try makeRepository()
        let calls = Counter()
        let saving = PictureSaving(folder: folder, bytes: { try await repository.originalFile(for: $0, priority: .interactive) }) {
            data, name, folder, from throws(SaveProblem) in
            calls.increment()
            if calls.value == 2 { throw SaveProblem.failed("Input/output error") }
            return try NewFileInFolder.write(data, named: name, in: folder, from: from)
        }
        let report = await saving.run(pictures.map { picture($0.url) }) { _ in }
        XCTAssertEqual(report.saved.map(\.lastPathComponent), ["p0.png", "p2.png"])
        XCTAssertEqual(report.failed.map(\.problem), [.failed("Input/output error")])
    }

    private func waitUntil(_ condition: @escaping @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { return XCTFail("timed out waiting") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

private extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
