import Foundation
import Glibc
import GalleryTestSupport
@testable import GalleryCore
import TestRequirements
import XCTest

/// Originals go to the disk cache as they arrive, never whole in memory (`PendingCacheWrite`).
final class StreamedOriginalsTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory()
    }

    /// Cache files being written in `directory`: they have no name there (`O_TMPFILE`), so they
    /// are found as this process's open descriptors (`/proc/self/fd/N`, which `size` reads), and
    /// any named temporary file the folder holds.
    private static func temporaryFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let named = names.filter { $0.hasPrefix(DiskStore.temporaryPrefix) }.map { directory.appendingPathComponent($0) }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let unnamed = descriptors.compactMap { descriptor -> URL? in
            let link = "/proc/self/fd/" + descriptor
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link),
                  target.hasPrefix(directory.path + "/#"), target.hasSuffix(" (deleted)") else { return nil }
            return URL(fileURLWithPath: link)
        }
        return named + unnamed
    }

    /// Following links: a `/proc/self/fd/N` is the file open there.
    private static func size(of file: URL) -> Int {
        var info = stat()
        return stat(file.path, &info) == 0 ? Int(info.st_size) : 0
    }

    // MARK: The store

    func testAFileWrittenPieceByPieceIsReadBackOnlyOnceCommitted() throws {
        let store = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "bin")
        let payload = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let pending = try store.beginWrite()
        for start in stride(from: 0, to: payload.count, by: 16_384) {
            let written = payload[start..<min(payload.count, start + 16_384)].withUnsafeBytes { pending.write($0) }
            XCTAssertTrue(written)
        }
        XCTAssertNil(store.read(key: "photo"), "nothing is seen under the key before the commit")

        try store.commit(pending, key: "photo")

        XCTAssertEqual(store.read(key: "photo"), payload, "sealed with the checksum of what was written")
        XCTAssertEqual(store.estimatedBytes, try DiskUsage.allocatedBytes(forFileOf: payload.count + SealedCacheFile.overhead,
                                                                          in: folder.url))
        XCTAssertEqual(Self.temporaryFiles(in: folder.url), [])
        let prefix = try XCTUnwrap(store.payloadPrefix(key: "photo", maxBytes: 1000))
        XCTAssertEqual(prefix.prefix, payload.prefix(1000))
        XCTAssertEqual(prefix.size, payload.count)
    }

    func testAnAbandonedWriteLeavesNoFile() throws {
        let store = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "bin")
        var pending: PendingCacheWrite? = try store.beginWrite()
        _ = Data(count: 5000).withUnsafeBytes { pending?.write($0) }
        XCTAssertEqual(Self.temporaryFiles(in: folder.url).count, 1)
        pending = nil
        XCTAssertEqual(Self.temporaryFiles(in: folder.url), [], "freed without a commit: deleted")
        XCTAssertNil(store.read(key: "photo"))
    }

    // MARK: Through the network

    /// A sink that refuses every write, as a full disk does.
    private final class RefusingSink: HTTPBodySink {
        func write(_ bytes: UnsafeRawBufferPointer) -> Bool { false }
    }

    func testASinkThatRefusesAWriteFailsTheTransfer() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()
        defer { client.shutdown() }
        let request = HTTPRequest(url: server.url("/img/640x480.jpg?tag=\(FixtureServer.uniqueTag())"),
                                  bodySink: RefusingSink())
        let failure = await client.failure(of: request)
        XCTAssertEqual(failure, .sinkFailed)
    }

    func testADownloadIsWrittenToTheCacheAsItArrivesAndACancelledOneIsDeleted() async throws {
        let lorisServer = try FixtureServer()
        defer { lorisServer.stop() }
        let client = HTTPClient(configuration: .init(lowSpeedTime: .seconds(300)))
        defer { client.shutdown() }
        let directories = try CacheDirectories(root: folder.url)
        let repository = ImageRepository(http: client, directories: directories)
        // 2 KB a second of a body announced as 64 MB: it never ends by itself here.
        let url = lorisServer.url("/fault/loris?rate=2000&seconds=120&tag=\(FixtureServer.uniqueTag())")
        let download = Task { try await repository.thumbnail(for: url, priority: .visible) }

        try await waitUntil("the body is in a cache file while it still arrives") {
            Self.temporaryFiles(in: directories.originals).contains { Self.size(of: $0) >= SealedCacheFile.overhead + 4000 }
        }
        download.cancel()
        let outcome = await download.result
        XCTAssertThrowsError(try outcome.get())
        try await waitUntil("the unfinished file is deleted") { Self.temporaryFiles(in: directories.originals).isEmpty }
        XCTAssertFalse(DiskStore(directory: directories.originals, capacityBytes: 1 << 30, fileExtension: "bin")
            .contains(key: url.absoluteString), "nothing half-downloaded is kept")
    }

    func testAnOriginalStreamedToTheCacheServesTheViewerAndTheGrid() async throws {
        let server = try FixtureServer.shared()
        let directories = try CacheDirectories(root: folder.url)
        let repository = ImageRepository(http: HTTPClient(), directories: directories)
        let path = "/img/1200x800.jpg?tag=\(FixtureServer.uniqueTag())"
        let served = try await HTTPClient().send(HTTPRequest(url: server.url(path))).body

        async let thumbnail = repository.thumbnail(for: server.url(path), priority: .visible)
        async let page = repository.original(for: server.url(path), priority: .interactive)
        let (small, large) = try await (thumbnail, page)
        let bytes = try await repository.original(bytesFor: server.url(path), priority: .interactive)

        XCTAssertEqual(small.texture.pixelWidth, ImageDecoder.defaultThumbnailSide)
        XCTAssertEqual(large.texture.pixelWidth, 1200)
        XCTAssertEqual(bytes, served, "the cached original is the body as served")
        let downloads = try await server.requestCount(path: path)
        XCTAssertEqual(downloads, 2, "one for the test's own copy, one shared by the grid and the viewer")
        XCTAssertEqual(Self.temporaryFiles(in: directories.originals), [])
    }

    // MARK: Streams within the caps

    /// An error answer is never the cache's: a 404 with a 50 MB page (under the 80 MB body cap)
    /// is cut after a few KB,
    /// nothing of it reaches the disk, and the error says what the server said.
    func testAnErrorPageIsNeitherWrittenToDiskNorDownloadedToItsEnd() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()
        defer { client.shutdown() }
        let directories = try CacheDirectories(root: folder.url)
        let repository = ImageRepository(http: client, directories: directories)
        let path = "/fault/huge-error?status=404&mib=50&tag=\(FixtureServer.uniqueTag())"
        let originals = directories.originals
        let watcher = Task.detached { () -> Int in
            var largest = 0
            while !Task.isCancelled {
                let files = StreamedOriginalsTests.temporaryFiles(in: originals)
                largest = max(largest, files.map(StreamedOriginalsTests.size(of:)).max() ?? 0)
                try? await Task.sleep(for: .milliseconds(5))
            }
            return largest
        }
        await XCTAssertThrowsErrorAsync(try await repository.original(bytesFor: server.url(path), priority: .visible))
        watcher.cancel()
        let largestFile = await watcher.value
        XCTAssertLessThanOrEqual(largestFile, SealedCacheFile.overhead, "not a byte of the page went to the cache")
        let sent = try await server.firstLoggedRequest { $0.path == path && $0.bytesSent != nil }?.bytesSent ?? 0
        XCTAssertLessThan(sent, 16 << 20, "the transfer ended early: \(sent) of 50 MB sent")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directories.originals.path), [])
    }

    /// Bytes still arriving count against the originals' cap: the cache makes room as they come,
    /// so what is stored and what is in flight together stay within it.
    func testDownloadsInFlightAndTheCacheStayWithinTheCap() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()
        defer { client.shutdown() }
        let directories = try CacheDirectories(root: folder.url)
        var configuration = ImageRepository.Configuration()
        configuration.originalDiskBytes = 8 * 1024 * 1024
        let repository = ImageRepository(http: client, directories: directories, configuration: configuration)
        let tag = FixtureServer.uniqueTag()
        // The cache nearly full: twenty 300 KB photos.
        for index in 0..<20 {
            // Twenty different pictures (the same bytes would be kept once).
            _ = try await repository.original(bytesFor: server.url("/img?w=900&h=700&fmt=bmp&seed=\(index)&tag=\(tag)"), priority: .visible)
        }
        // Four more at once, 1.9 MB each, arriving at 2 MB/s: room is made for them as they come.
        let photo = try server.writeFile(name: "paced-\(tag).bmp", contents: TestImages.encoded(width: 900, height: 700, as: "bmp"))
        let finished = Counter()
        let downloads = (0..<4).map { index in
            Task {
                defer { finished.increment() }
                return try await repository.original(
                    bytesFor: server.url("/fault/paced/2000000/\(photo.lastPathComponent)?n=\(index)"), priority: .visible)
            }
        }
        var worst = 0
        while finished.value < downloads.count {
            let stored = (try? DiskUsage.allocatedBytes(ofFilesIn: directories.originals)) ?? 0
            let arriving = Self.temporaryFiles(in: directories.originals).map(Self.size(of:)).reduce(0, +)
            worst = max(worst, stored + arriving)
            try await Task.sleep(for: .milliseconds(10))
        }
        for download in downloads { _ = try await download.value }
        print("originals cap 8 MiB: stored + in flight at most \(worst / 1024) KiB")
        // Past the cap by at most the disk queue's lag, which the writers do not wait beyond,
        // and a chunk of each transfer that lands between the count and the trim.
        XCTAssertLessThanOrEqual(worst, configuration.originalDiskBytes + DiskStore.trimLagBytes + 4 * 128 * 1024)
        // The last writes' trims run on the disk queue after the downloads return: wait for the
        // cache to settle (its state, with a generous deadline), then hold it to the cap.
        var settled = try DiskUsage.allocatedBytes(ofFilesIn: directories.originals)
        let deadline = ContinuousClock.now + .seconds(20)
        while settled > configuration.originalDiskBytes, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            settled = try DiskUsage.allocatedBytes(ofFilesIn: directories.originals)
        }
        XCTAssertLessThanOrEqual(settled, configuration.originalDiskBytes)
    }

    /// A disk that refuses every write sends originals to memory: counted against the cache's
    /// capacity while they arrive, so many at once take no more than the cache would.
    func testAFailingDiskDoesNotMakeMemoryUnbounded() async throws {
        guard let disk = SmallTmpfs(kilobytes: 256) else {
            throw TestRequirement.missing("a full disk needs a small tmpfs, and mounting one needs root")
        }
        defer { disk.remove() }
        let server = try FixtureServer.shared()
        let client = HTTPClient()
        defer { client.shutdown() }
        let directories = try CacheDirectories(root: disk.url.appendingPathComponent("cache"))
        var configuration = ImageRepository.Configuration()
        configuration.originalDiskBytes = 4 * 1024 * 1024
        let repository = ImageRepository(http: client, directories: directories, configuration: configuration)
        disk.fill()
        let tag = FixtureServer.uniqueTag()
        let photo = try server.writeFile(name: "memory-\(tag).bmp", contents: TestImages.encoded(width: 900, height: 700, as: "bmp"))
        let finished = Counter(), stored = Counter()
        let downloads = (0..<6).map { index in
            Task {
                defer { finished.increment() }
                let data = try await repository.original(
                    bytesFor: server.url("/fault/paced/3000000/\(photo.lastPathComponent)?n=\(index)"), priority: .visible)
                if data.count > 1_000_000 { stored.increment() }
            }
        }
        var worst = 0
        while finished.value < downloads.count {
            worst = max(worst, repository.originalStore?.inFlightBytes ?? 0)
            try await Task.sleep(for: .milliseconds(5))
        }
        for download in downloads {
            // Each one is either whole or refused as too much at once, nothing else.
            if case .failure(let error) = await download.result {
                XCTAssertEqual(error as? LoadError, .tooLarge, "\(error)")
            }
        }
        print("6 × 1.9 MB into memory over a full disk: at most \(worst / 1024) KiB arriving at once, \(stored.value) kept")
        XCTAssertGreaterThan(worst, 0, "they were counted")
        XCTAssertLessThanOrEqual(worst, configuration.originalDiskBytes, "never more than the cache's capacity in memory")
        // Two fit in the cap; how many of the six get there depends on when the others are
        // stopped (all six grow at once), so one is what can be promised: usually two are kept.
        XCTAssertGreaterThanOrEqual(stored.value, 1, "those that fit are shown")
        XCTAssertEqual(repository.originalStore?.inFlightBytes, 0, "all given back")
    }
}
