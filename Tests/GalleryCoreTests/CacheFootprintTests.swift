import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// The cache keeps its caps in `du` terms, whatever a links file holds: tens of thousands of
/// links that are not images cost one small file, and thousands of tiny originals stay within
/// the originals' cap in blocks and in files.
final class CacheFootprintTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory()
    }

    /// Every file below `folder`, and the blocks they take.
    private func footprint(_ root: URL) -> (files: Int, bytes: Int) {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files = 0, bytes = 0, seen = Set<[UInt]>()
        while let name = enumerator?.nextObject() as? String {
            var info = stat()
            guard lstat(root.appendingPathComponent(name).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            files += 1
            // A file with several names once, as `du` counts it.
            if seen.insert([UInt(info.st_dev), UInt(info.st_ino)]).inserted { bytes += Int(info.st_blocks) * 512 }
        }
        return (files, bytes)
    }

    /// Runs `body` for each index with `width` at a time.
    private func forEach(_ count: Int, width: Int, _ body: @escaping @Sendable (Int) async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            for _ in 0..<width where next < count {
                let index = next
                group.addTask { await body(index) }
                next += 1
            }
            while await group.next() != nil, next < count {
                let index = next
                group.addTask { await body(index) }
                next += 1
            }
        }
    }

    func testTensOfThousandsOfLinksThatAreNotImagesCostOneSmallFile() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()
        defer { client.shutdown() }
        let directories = try CacheDirectories(root: folder.url)
        let repository = ImageRepository(http: client, directories: directories)
        let links = 20_000
        let tag = FixtureServer.uniqueTag()
        let notImages = Counter()
        await forEach(links, width: 32) { index in
            let url = server.url("/html/page?n=\(index)&tag=\(tag)")
            do { _ = try await repository.thumbnail(for: url, priority: .visible) } catch let error as LoadError {
                if error == .notAnImage { notImages.increment() }
            } catch {}
        }
        XCTAssertEqual(notImages.value, links)
        repository.saveVerdictsNow() // as the app does when it quits
        let (files, bytes) = footprint(folder.url)
        print("\(links) verdicts: \(files) files, \(bytes / 1024) KiB on disk")
        XCTAssertLessThanOrEqual(files, 2, "the verdicts file (and nothing per link)")
        XCTAssertLessThan(bytes, 400 * 1024, "16 bytes a verdict, not a 4 KiB block")

        // A relaunch knows them without asking the server.
        let relaunched = ImageRepository(http: client, directories: directories)
        let known = "/html/page?n=\(links - 1)&tag=\(tag)"
        let asked = try await server.requestCount(path: known)
        await XCTAssertThrowsErrorAsync(try await relaunched.thumbnail(for: server.url(known), priority: .visible))
        let askedAfter = try await server.requestCount(path: known)
        XCTAssertEqual(askedAfter, asked, "answered from the verdicts file, not the server")
    }

    func testThousandsOfTinyOriginalsStayWithinTheCapOnDisk() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()
        defer { client.shutdown() }
        let directories = try CacheDirectories(root: folder.url)
        var configuration = ImageRepository.Configuration()
        configuration.originalDiskBytes = 2 * 1024 * 1024 // 512 blocks of 4 KiB
        let repository = ImageRepository(http: client, directories: directories, configuration: configuration)
        let tag = FixtureServer.uniqueTag()
        await forEach(2_000, width: 32) { index in
            // Each of a size of its own, so no two are the same bytes (those the cache keeps once).
            let url = server.url("/img?w=\(1 + index % 40)&h=\(1 + index / 40)&fmt=gif&tag=\(tag)")
            _ = try? await repository.original(bytesFor: url, priority: .visible)
        }
        let (files, bytes) = footprint(directories.originals)
        print("2000 tiny originals: \(files) files, \(bytes / 1024) KiB on disk")
        XCTAssertLessThanOrEqual(bytes, configuration.originalDiskBytes, "du of originals/ within its cap")
        XCTAssertGreaterThan(files, 100, "it still keeps many")
    }
}
