import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// One failure vocabulary, honestly used (issue 52): a cached original is forgotten only when a
/// decoder read it whole and called it damaged. A failed encode, a texture or a reply that could
/// not be made, a worker that ran out of time or memory, or a leaving caller keep it, on the real
/// disk cache, so the next try needs no download.
final class FailureVocabularyTests: XCTestCase {
    private var root: URL!
    private var server: FixtureServer!
    private let http = HTTPClient()

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vocabulary-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    private struct EncoderRefused: Error {}

    func testOnlyADecoderCallingItDamagedForgetsTheOriginal() async throws {
        let repository = ImageRepository(http: http, directories: try CacheDirectories(root: root))
        let path = "/img/320x240.jpg?tag=\(FixtureServer.uniqueTag())"
        let url = server.url(path)
        let original = try await repository.original(bytesFor: url, priority: .visible)
        let kept: [any Error] = [LoadError.outOfMemory, LoadError.couldNotDecode, LoadError.tooMuchToDraw, LoadError.tooSlowToDraw,
                                 LoadError.tooLarge, LoadError.cancelled, EncoderRefused()]
        for failure in kept {
            do {
                _ = try await repository.decodeOrForget(key: url.absoluteString, priority: SharedPriority(.visible), mostPixels: 0) {
                    throw failure
                } as Int
                XCTFail("\(failure) is thrown on")
            } catch {
                XCTAssertNotEqual(LoadError(error), .damaged, "\(failure) is not the file's fault")
            }
            let stored = await repository.storedOriginal(for: url)
            XCTAssertEqual(stored, original, "\(failure) keeps the original on disk")
        }
        do {
            _ = try await repository.decodeOrForget(key: url.absoluteString, priority: SharedPriority(.visible), mostPixels: 0) {
                throw LoadError.damaged
            } as Int
        } catch {
            XCTAssertEqual(LoadError(error), .damaged)
        }
        let forgotten = await repository.storedOriginal(for: url)
        XCTAssertNil(forgotten, "a decoder's verdict of damaged forgets it")
        _ = try await repository.original(bytesFor: url, priority: .visible)
        let requests = try await server.requestCount(path: path)
        XCTAssertEqual(requests, 2, "only the forgotten original was downloaded again")
    }

    /// Whatever is not a `LoadError` (an encoder's or a library's own error) reads as the app's
    /// failure, never as a damaged file; Swift's cancellation reads as the one cancellation.
    func testAFailureThatIsNotTheFilesIsNeverDamaged() {
        XCTAssertEqual(LoadError(EncoderRefused()), .couldNotDecode)
        XCTAssertEqual(LoadError(CancellationError()), .cancelled)
    }

    /// A caller that left before a slot was free reads the core's one cancellation.
    func testALeavingCallerReadsTheOneCancellation() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await BlockingWork.run(on: BlockingWork.disk) { () throws -> Int in 1 }
        }
        do {
            _ = try await task.value
            XCTFail("a cancelled caller gets no result")
        } catch {
            XCTAssertEqual(error as? LoadError, .cancelled)
        }
    }

    /// The failure names the library that refused the picture, for the Details a person copies
    /// into a bug report: a PNG whose pixel data fails its checksum, read whole, is damaged by
    /// libpng's word (its thumbnail is scaled row by row by libpng, in a worker).
    func testADamagedPictureSaysWhichDecoderRefusedIt() async throws {
        let repository = ImageRepository(http: http, directories: try CacheDirectories(root: root))
        var png = TestImages.encoded(width: 400, height: 300, as: "png")
        let data = try XCTUnwrap(png.range(of: Data("IDAT".utf8)))
        for offset in data.upperBound + 8..<data.upperBound + 40 { png[offset] ^= 0xA5 } // the CRC no longer holds
        let url = try server.writeFile(name: "\(FixtureServer.uniqueTag())-broken.png", contents: png)
        do {
            _ = try await repository.thumbnail(for: url, priority: .visible)
            XCTFail("a PNG failing its checksum does not decode")
        } catch {
            XCTAssertEqual(LoadError(error), .damaged)
        }
        let report = try XCTUnwrap(repository.failureReport(for: url))
        XCTAssertEqual(report.error, .damaged)
        XCTAssertEqual(report.decoder, PNGRowScaling.library, "the library that refused it, named in the Details")
        XCTAssertEqual(report.decoder, "libpng")
        XCTAssertNotNil(report.status, "and what the server said, as before")
    }
}
