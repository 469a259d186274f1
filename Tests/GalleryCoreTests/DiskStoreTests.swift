import Foundation
import TestRequirements
import XCTest
@testable import GalleryCore

final class DiskStoreTests: XCTestCase {
    private func fileNames(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// What a cache file of `payload` bytes takes on this file system (whole blocks).
    private func onDisk(_ payload: Int, in folder: URL) throws -> Int {
        try DiskUsage.allocatedBytes(forFileOf: payload + SealedCacheFile.overhead, in: folder)
    }

    func testRoundTripUnderAHashedName() throws {
        let folder = try TemporaryDirectory()
        let store = DiskStore(directory: folder.url.appendingPathComponent("thumbs"), capacityBytes: 1 << 20, fileExtension: "png")
        let key = "https://example.com/cat.jpg?size=large"
        XCTAssertFalse(store.contains(key: key))
        XCTAssertNil(store.read(key: key))

        try store.write(Data("meow".utf8), key: key)
        XCTAssertTrue(store.contains(key: key))
        XCTAssertEqual(store.read(key: key), Data("meow".utf8))
        XCTAssertEqual(store.estimatedBytes, try onDisk(4, in: folder.url))

        let name = store.url(for: key).lastPathComponent
        XCTAssertTrue(name.hasSuffix(".png"))
        let hash = name.dropLast(4)
        XCTAssertEqual(hash.count, 64)
        XCTAssertTrue(hash.allSatisfy(\.isHexDigit))
        XCTAssertNotEqual(store.url(for: key), store.url(for: key + "x"))
        XCTAssertEqual(try fileNames(in: store.directory), [name])
        // SHA-256 of "abc" (FIPS 180-2 test vector), so names stay stable across versions.
        XCTAssertEqual(store.url(for: "abc").lastPathComponent,
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.png")
    }

    func testOverwriteReplacesAndSizeFollows() throws {
        let folder = try TemporaryDirectory()
        let store = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "bin")
        try store.write(Data(repeating: 1, count: 100), key: "k")
        try store.write(Data(repeating: 2, count: 30), key: "k")
        XCTAssertEqual(store.read(key: "k"), Data(repeating: 2, count: 30))
        XCTAssertEqual(store.estimatedBytes, try onDisk(30, in: folder.url))
        XCTAssertEqual(try fileNames(in: folder.url).count, 1)
    }

    func testReadersNeverSeeAPartialWrite() throws {
        let folder = try TemporaryDirectory()
        let store = DiskStore(directory: folder.url, capacityBytes: 1 << 30, fileExtension: "bin")
        let first = Data(repeating: 0x41, count: 512 * 1024)
        let second = Data(repeating: 0x42, count: 768 * 1024)
        try store.write(first, key: "photo")
        let badReads = Counter(), failedWrites = Counter()
        let writer = Thread {
            for round in 0..<40 {
                do { try store.write(round % 2 == 0 ? second : first, key: "photo") } catch { failedWrites.increment() }
            }
        }
        writer.start()
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            guard let data = store.read(key: "photo") else { return badReads.increment() }
            if data != first && data != second { badReads.increment() }
        }
        while !writer.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(badReads.value, 0)
        XCTAssertEqual(failedWrites.value, 0, "every write under the readers landed (issue 51: they were not counted)")
        XCTAssertEqual(try fileNames(in: folder.url).filter { $0.hasPrefix(".tmp-") }, [], "no temp file left behind")
    }

    func testStaleTemporaryFilesAreRemovedOnFirstUseAndNeverServed() throws {
        let folder = try TemporaryDirectory()
        let stale = folder.url.appendingPathComponent(".tmp-4f2a9c")
        try Data(repeating: 9, count: 1000).write(to: stale)
        // Left by a crash long ago: younger ones may be another writer's (HostileFilesTests).
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * 3600)], ofItemAtPath: stale.path)
        let kept = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale.path), "making a store touches no file")
        XCTAssertNil(kept.read(key: "anything"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertEqual(kept.estimatedBytes, 0)
    }

    func testInitMeasuresExistingFiles() throws {
        let folder = try TemporaryDirectory()
        let first = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "png")
        try first.write(Data(count: 300), key: "a")
        try first.write(Data(count: 200), key: "b")
        try Data(count: 999).write(to: folder.url.appendingPathComponent("unrelated.txt"))
        let second = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "png")
        XCTAssertEqual(second.estimatedBytes, try onDisk(300, in: folder.url) + onDisk(200, in: folder.url))
        XCTAssertEqual(second.estimatedFiles, 2)
        XCTAssertEqual(second.read(key: "a")?.count, 300)
    }

    func testTrimEvictsLeastRecentlyAccessed() throws {
        let folder = try TemporaryDirectory()
        let file = try onDisk(300, in: folder.url)
        // Room for three files even after an automatic trim down to the low-water mark.
        let capacity = Int(Double(3 * file) / DiskStore.lowWaterMark) + 1
        let store = DiskStore(directory: folder.url, capacityBytes: capacity, fileExtension: "bin")
        try store.write(Data(count: 300), key: "a")
        try store.write(Data(count: 300), key: "b")
        try store.write(Data(count: 300), key: "c")
        XCTAssertNotNil(store.read(key: "a")) // b is now the least recently accessed
        try store.write(Data(count: 300), key: "d") // four files do not fit: trim
        XCTAssertFalse(store.contains(key: "b"))
        for key in ["a", "c", "d"] { XCTAssertTrue(store.contains(key: key), key) }
        XCTAssertEqual(store.estimatedBytes, 3 * file)
    }

    func testExplicitTrimAfterFilesAppearBehindItsBack() throws {
        let folder = try TemporaryDirectory()
        // Room for the first two, not for a third of twice their size.
        let store = DiskStore(directory: folder.url, capacityBytes: try onDisk(200, in: folder.url) * 2 + 1, fileExtension: "bin")
        try store.write(Data(count: 200), key: "old")
        try store.write(Data(count: 200), key: "new")
        // Another instance of the app wrote straight into the folder.
        let intruder = store.url(for: "intruder")
        try SealedCacheFile.seal(Data(count: 9000)).write(to: intruder)
        XCTAssertNotNil(store.read(key: "intruder"))
        store.trim()
        XCTAssertFalse(store.contains(key: "old"))
        XCTAssertFalse(store.contains(key: "new"))
        XCTAssertFalse(store.contains(key: "intruder"), "over the capacity alone: the newest goes too")
        XCTAssertEqual(store.estimatedBytes, 0)
    }

    /// The caps hold in `du` terms: tiny files count the blocks they take, and the number of
    /// files is capped too (a verdict or a 35-byte GIF once took 4 KiB each, uncounted).
    func testTinyFilesCountWhatTheyTakeOnDiskAndTheirNumberIsCapped() throws {
        let folder = try TemporaryDirectory()
        let block = try onDisk(12, in: folder.url)
        XCTAssertGreaterThanOrEqual(block, 512, "a 12-byte payload takes at least a block")
        let store = DiskStore(directory: folder.url, capacityBytes: 16 * block, maxFiles: 1000, fileExtension: "bin")
        for index in 0..<100 { try store.write(Data(count: 12), key: "tiny-\(index)") }
        XCTAssertLessThanOrEqual(try DiskUsage.allocatedBytes(ofFilesIn: folder.url), 16 * block, "du stays within the cap")
        XCTAssertLessThanOrEqual(try fileNames(in: folder.url).count, 16)
        XCTAssertEqual(store.estimatedBytes, try DiskUsage.allocatedBytes(ofFilesIn: folder.url))

        let counted = DiskStore(directory: folder.url.appendingPathComponent("many"), capacityBytes: 1 << 30, maxFiles: 50,
                                fileExtension: "bin")
        for index in 0..<200 { try counted.write(Data(count: 12), key: "verdict-\(index)") }
        XCTAssertLessThanOrEqual(try fileNames(in: counted.directory).count, 50)
        XCTAssertEqual(counted.estimatedFiles, try fileNames(in: counted.directory).count)
        XCTAssertTrue(counted.contains(key: "verdict-199"), "the newest stay")
        XCTAssertFalse(counted.contains(key: "verdict-0"), "the oldest go")
    }

    func testAFileChangedBehindItsBackReadsAsMissingAndIsRemoved() throws {
        let folder = try TemporaryDirectory()
        let store = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "bin")
        let photo = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try store.write(photo, key: "photo")
        var file = try Data(contentsOf: store.url(for: "photo"))
        file[file.count / 2] ^= 0xff // one flipped byte still decodes as a (different) JPEG
        try file.write(to: store.url(for: "photo"))
        XCTAssertNil(store.read(key: "photo"))
        XCTAssertFalse(store.contains(key: "photo"))
        try Data(photo).write(to: store.url(for: "raw")) // not written by a DiskStore at all
        XCTAssertNil(store.read(key: "raw"))
    }

    /// Earlier versions sealed files with SHA-256 (`LGC1`); an update must not throw the cache
    /// away, and a damaged old file is still caught.
    func testFilesSealedByEarlierVersionsAreStillReadAndChecked() throws {
        let folder = try TemporaryDirectory()
        let store = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "png")
        let thumbnail = Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 * 13) })
        var old = Data("LGC1".utf8) + Data(Checksum.sha256(thumbnail).utf8) + thumbnail
        try old.write(to: store.url(for: "old"))
        XCTAssertEqual(store.read(key: "old"), thumbnail)
        XCTAssertTrue(try Data(contentsOf: store.url(for: "old")).starts(with: Data("LGC2".utf8)), "sealed again on first read")
        XCTAssertEqual(store.read(key: "old"), thumbnail)
        old[old.count - 1] ^= 0x01
        try old.write(to: store.url(for: "old"))
        XCTAssertNil(store.read(key: "old"))
        XCTAssertFalse(store.contains(key: "old"), "removed, to be made again")
        // New files use the cheaper seal.
        try store.write(thumbnail, key: "new")
        XCTAssertTrue(try Data(contentsOf: store.url(for: "new")).starts(with: Data("LGC2".utf8)))
        XCTAssertEqual(store.read(key: "new"), thumbnail)
    }

    func testRemoveDeletesEvenCorruptData() throws {
        let folder = try TemporaryDirectory()
        let store = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "png")
        try store.write(Data("not a png".utf8), key: "broken")
        XCTAssertThrowsError(try ThumbnailPNG.decodeTile(store.read(key: "broken")!))
        store.remove(key: "broken")
        XCTAssertFalse(store.contains(key: "broken"))
        XCTAssertNil(store.read(key: "broken"))
        XCTAssertEqual(store.estimatedBytes, 0)
        store.remove(key: "never-written") // harmless
    }

    func testFolderThatCannotExistThrowsAClearError() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let store = DiskStore(directory: file.appendingPathComponent("cache"), capacityBytes: 1000, fileExtension: "png")
        XCTAssertThrowsError(try store.write(Data("a".utf8), key: "k")) { error in
            guard case .directoryUnavailable(let path, _) = error as? DiskStoreError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertTrue(path.hasSuffix("plain-file/cache"))
            XCTAssertTrue("\(error)".contains("unavailable"))
        }
        XCTAssertNil(store.read(key: "k"))
    }

    func testUnwritableFolderThrowsNotWritable() throws {
        let folder = try TemporaryDirectory()
        let store = DiskStore(directory: folder.url, capacityBytes: 1 << 20, fileExtension: "png")
        try store.write(Data("ok".utf8), key: "before")
        // root ignores permission bits; an immutable folder stops root too.
        let restore: () throws -> Void
        if geteuid() == 0 {
            guard ExternalTool.succeeds("/usr/bin/chattr", ["+i", folder.url.path]) else {
                throw TestRequirement.missing("running as root and chattr +i is not allowed here")
            }
            restore = { _ = ExternalTool.succeeds("/usr/bin/chattr", ["-i", folder.url.path]) }
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.url.path)
            restore = { try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.url.path) }
        }
        defer { try? restore() }
        XCTAssertThrowsError(try store.write(Data("no".utf8), key: "after")) { error in
            XCTAssertEqual(error as? DiskStoreError, .notWritable(path: folder.url.path))
        }
        XCTAssertEqual(store.read(key: "before"), Data("ok".utf8), "reads keep working")
        XCTAssertFalse(store.contains(key: "after"))
    }
}

