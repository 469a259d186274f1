import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// Headers that lie (`CraftedHeaders`) read by every parser the app has, decoded, and served in
/// a list among good photos: each is one picture's reason, and nothing traps.
final class CraftedHeadersTests: XCTestCase {
    func testEveryParserReadsEveryCraftedHeaderWithinBounds() {
        for file in CraftedHeaders.all {
            let data = file.bytes
            if let size = ImageHeaderSize.declaredSize(of: data) {
                XCTAssertTrue((0...PixelSize.maxSide).contains(size.width) && (0...PixelSize.maxSide).contains(size.height),
                              "\(file.name): \(size)")
            }
            let facts = OriginalFacts(of: data)
            _ = facts.declaredSize?.pixels // multiplies the sides: must not trap
            let read = PictureFacts.read(data) // the libraries' readers and the hand-written ones
            if let size = read.size {
                XCTAssertTrue((0...PixelSize.maxSide).contains(size.width) && (0...PixelSize.maxSide).contains(size.height),
                              "\(file.name): \(size)")
            }
            if let profile = read.colorProfile { XCTAssertTrue(PictureFacts.profileBytes.contains(profile.count), file.name) }
            XCTAssertTrue((1...8).contains(read.orientation), file.name)
            data.withUnsafeBytes { raw in
                _ = JPEGScans.lastCompleteScanEnd(in: raw)
                for format in ImageFormat.allCases { _ = TruncationCheck.isTruncated(raw, format: format) }
            }
            _ = GIFStructure.summary(of: data)
            if let png = ICOEntries.largestPNG(in: data) { XCTAssertLessThanOrEqual(png.count, data.count, file.name) }
        }
    }

    func testTheFirstCrashingFileIsTooLarge() {
        let avif = CraftedHeaders.isoMedia(brand: "avif", width: 0xFFFF_FFFF, height: 0xFFFF_FFFF)
        let facts = PictureFacts.read(avif)
        XCTAssertTrue(facts.beyondLimits || facts.size == PixelSize(width: PixelSize.maxSide, height: PixelSize.maxSide),
                      "libheif refuses it, or its sides are bounded")
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: avif)) { XCTAssertEqual($0 as? LoadError, .tooLarge) }
    }

    func testEveryCraftedFileIsRefusedWithAReasonAsThumbnailAndPage() throws {
        for file in CraftedHeaders.all where file.isPicture {
            XCTAssertEqual(try ImageDecoder.thumbnail(from: file.bytes).image.sourceSize, PixelSize(width: 8, height: 8), file.name)
        }
        for file in CraftedHeaders.all where !file.isPicture {
            for (purpose, decode) in [("thumbnail", { _ = try ImageDecoder.thumbnail(from: file.bytes) }),
                                      ("page", { _ = try ImageDecoder.original(from: file.bytes, fitting: PixelSize(width: 1280, height: 800)) })] {
                XCTAssertThrowsError(try decode(), "\(file.name) as a \(purpose)") { error in
                    XCTAssertNotEqual(error as? LoadError, .cancelled, "\(file.name) as a \(purpose)")
                }
            }
        }
    }

    /// The crafted JPEG XL's size is what libjxl reads (so the file tests the bound, not a parse
    /// error), and it is refused as too large; the 8×8 one inside the lying boxes reads as 8×8.
    func testAJPEGXLDeclaringTwoToTheThirtyIsTooLarge() {
        let huge = CraftedHeaders.jxlCodestream(side: 1 << 30)
        let facts = PictureFacts.read(huge)
        XCTAssertEqual(facts.format, .jxl)
        XCTAssertTrue(facts.beyondLimits || facts.size == PixelSize(width: PixelSize.maxSide, height: PixelSize.maxSide),
                      "\(String(describing: facts.size))")
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: huge)) { XCTAssertEqual($0 as? LoadError, .tooLarge) }
        XCTAssertEqual(PictureFacts.read(CraftedHeaders.jxlCodestream(side: 8)).size, PixelSize(width: 8, height: 8))
    }

    /// A worker's reply is checked before any of its numbers is multiplied.
    func testAReplyWithSidesOfTwoToTheThirtyTwoIsNoHeader() {
        var header = DecodeReply.Header(status: .picture, declaredWidth: 64, declaredHeight: 64, width: 64, height: 64,
                                        channels: 4)
        XCTAssertNotNil(DecodeReply.decodeHeader(DecodeReply.encode(header)))
        for lie in [(\DecodeReply.Header.width, 0xFFFF_FFFF), (\.height, 0xFFFF_FFFF), (\.declaredWidth, 0x7FFF_FFFF),
                    (\.channels, 0xFFFF_FFFF), (\.frameCount, 0xFFFF_FFFF)] {
            var lying = header
            lying[keyPath: lie.0] = lie.1
            XCTAssertNil(DecodeReply.decodeHeader(DecodeReply.encode(lying)), "\(lie.0) = \(lie.1)")
        }
        header.width = Int(UInt32.max)
        header.height = Int(UInt32.max)
        XCTAssertNil(header.bodyLength, "a product past Int.max is no length")
    }

    /// The crafted files in a list among good photos, through the repository, the real HTTP
    /// server and the real disk: the photos load, each crafted file fails on its own.
    func testACraftedFileInAListIsThatTilesFailureAndTheOthersLoad() async throws {
        let server = try FixtureServer.shared()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("crafted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: root))
        let tag = FixtureServer.uniqueTag()
        let crafted = try CraftedHeaders.all.filter { !$0.isPicture }.map {
            try server.writeFile(name: "\(tag)-\($0.name)", contents: $0.bytes)
        }
        let photos = (0..<3).map { server.url("/img/\(320 + $0)x240.jpg?tag=\(tag)") }
        for url in crafted {
            do {
                _ = try await repository.thumbnail(for: url, priority: .visible)
                XCTFail("\(url.lastPathComponent) shown")
            } catch {
                XCTAssertNotNil(error as? LoadError, url.lastPathComponent)
            }
        }
        for url in photos {
            let thumbnail = try await repository.thumbnail(for: url, priority: .visible)
            XCTAssertEqual(thumbnail.texture.pixelHeight, ImageDecoder.defaultThumbnailSide)
        }
    }
}
