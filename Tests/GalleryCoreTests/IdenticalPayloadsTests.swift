import Foundation
import XCTest
@testable import GalleryCore

/// One copy of the bytes however many keys lead to them (issue 55), on the real disk: the same
/// photo at two addresses is one file with two names, counted once, freed with its last name,
/// and never confused with a file whose checksum merely matches.
final class IdenticalPayloadsTests: XCTestCase {
    private func randomBytes(_ count: Int) -> Data {
        Data((0..<count).map { _ in UInt8.random(in: 0...255) })
    }

    private func onDisk(_ payload: Int, in folder: URL) throws -> Int {
        try DiskUsage.allocatedBytes(forFileOf: payload + SealedCacheFile.overhead, in: folder)
    }

    private func identity(_ store: DiskStore, _ key: String) -> [UInt] {
        var info = stat()
        guard stat(store.url(for: key).path, &info) == 0 else { return [] }
        return [UInt(info.st_dev), UInt(info.st_ino)]
    }

    private func sharing(_ folder: URL, capacity: Int = 1 << 24) -> DiskStore {
        DiskStore(directory: folder, capacityBytes: capacity, fileExtension: "bin", sharingIdenticalPayloads: true)
    }

    func testTheSameBytesUnderThreeKeysAreOneFileCountedOnce() throws {
        let folder = try TemporaryDirectory()
        let store = sharing(folder.url)
        let photo = randomBytes(300_000), other = randomBytes(300_000)
        try store.write(photo, key: "https://a.example/photo.jpg")
        let pending = try store.beginWrite()
        for part in [photo.prefix(100_000), photo.dropFirst(100_000)] {
            XCTAssertTrue(part.withUnsafeBytes { pending.write($0) })
        }
        try store.commit(pending, key: "https://mirror.example/p.jpg")
        try store.write(photo, key: "https://b.example/copy.jpg")
        try store.write(other, key: "https://c.example/other.jpg")

        let first = identity(store, "https://a.example/photo.jpg")
        XCTAssertEqual(identity(store, "https://mirror.example/p.jpg"), first, "a download written piece by piece is linked too")
        XCTAssertEqual(identity(store, "https://b.example/copy.jpg"), first)
        XCTAssertNotEqual(identity(store, "https://c.example/other.jpg"), first, "other bytes of the same length stay apart")
        for key in ["https://a.example/photo.jpg", "https://mirror.example/p.jpg", "https://b.example/copy.jpg"] {
            XCTAssertEqual(store.read(key: key), photo, key)
        }
        let two = try onDisk(300_000, in: folder.url) * 2
        XCTAssertEqual(store.estimatedBytes, two, "the photo once and the other picture")
        XCTAssertEqual(store.estimatedFiles, 4)
        XCTAssertEqual(sharing(folder.url).estimatedBytes, two, "measured once after a relaunch too")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".tmp-") }, [])

        store.remove(key: "https://a.example/photo.jpg")
        store.remove(key: "https://b.example/copy.jpg")
        XCTAssertEqual(store.estimatedBytes, two, "its last name keeps the bytes")
        XCTAssertEqual(store.read(key: "https://mirror.example/p.jpg"), photo)
        store.remove(key: "https://mirror.example/p.jpg")
        XCTAssertEqual(store.estimatedBytes, try onDisk(300_000, in: folder.url))
    }

    func testAStoreStartedAgainFindsTheFilesStoredBefore() throws {
        let folder = try TemporaryDirectory()
        let photo = randomBytes(50_000)
        try sharing(folder.url).write(photo, key: "first")
        let relaunched = sharing(folder.url)
        try relaunched.write(photo, key: "second")
        XCTAssertEqual(identity(relaunched, "second"), identity(relaunched, "first"))
        // Storing the same bytes again under a key that already names them changes nothing.
        try relaunched.write(photo, key: "second")
        XCTAssertEqual(identity(relaunched, "second"), identity(relaunched, "first"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count, 2, "no temporary name left")
    }

    /// A file changed behind the store's back keeps its seal: a matching checksum and length are
    /// no proof, so a new copy is stored apart, and each key reads its own bytes.
    func testAFileWithTheSameSealButOtherBytesIsNeverLinked() throws {
        let folder = try TemporaryDirectory()
        let photo = randomBytes(40_000)
        var forged = SealedCacheFile.seal(photo)
        forged[forged.count - 1] ^= 0xFF
        let store = sharing(folder.url)
        try forged.write(to: store.url(for: "forged"))
        try store.write(photo, key: "honest")
        XCTAssertNotEqual(identity(store, "honest"), identity(store, "forged"))
        XCTAssertEqual(store.read(key: "honest"), photo)
        XCTAssertNil(store.read(key: "forged"), "the changed file reads as missing, as any does")
    }

    /// Writing other bytes under one of a shared file's keys changes that key only.
    func testRewritingOneKeyLeavesTheOthers() throws {
        let folder = try TemporaryDirectory()
        let store = sharing(folder.url)
        let photo = randomBytes(20_000), newer = randomBytes(20_000)
        try store.write(photo, key: "a")
        try store.write(photo, key: "b")
        try store.write(newer, key: "a")
        XCTAssertEqual(store.read(key: "a"), newer)
        XCTAssertEqual(store.read(key: "b"), photo)
        XCTAssertEqual(store.estimatedBytes, try onDisk(20_000, in: folder.url) * 2)
    }

    /// A full cache evicts a shared file's names together (they share one access time) and
    /// counts its bytes freed once.
    func testEvictionFreesASharedFileWithItsLastName() throws {
        let folder = try TemporaryDirectory()
        let one = try onDisk(100_000, in: folder.url)
        let store = sharing(folder.url, capacity: Int(Double(2 * one) / DiskStore.lowWaterMark) + 1)
        let photo = randomBytes(100_000)
        try store.write(photo, key: "a")
        try store.write(photo, key: "b")
        try store.write(randomBytes(100_000), key: "c")
        XCTAssertEqual(store.estimatedBytes, 2 * one, "two pictures fit")
        try store.write(randomBytes(100_000), key: "d") // a third does not: the oldest goes
        XCTAssertFalse(store.contains(key: "a"))
        XCTAssertFalse(store.contains(key: "b"))
        XCTAssertTrue(store.contains(key: "c") && store.contains(key: "d"))
        XCTAssertEqual(store.estimatedBytes, 2 * one)
        XCTAssertEqual(store.estimatedFiles, 2)
    }
}
