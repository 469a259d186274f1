import CGtk
import Foundation
import GalleryCore
import GalleryTestSupport
@testable import GalleryUI
import TestRequirements
import XCTest

/// The properties panel's rows for real files served over HTTP and read by the app's own
/// repository (metadata in the sandboxed worker): exiftool-tagged, untagged, and with huge
/// metadata. Rows with no value are left out.
final class PropertyRowsTests: XCTestCase {
    private func details(of file: Data, named name: String) async throws -> (URL, PictureDetails) {
        let server = try FixtureServer.shared()
        let url = try server.writeFile(name: "\(FixtureServer.uniqueTag())-\(name)", contents: file)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let client = HTTPClient()
        defer { client.shutdown() }
        let repository = ImageRepository(http: client, directories: try CacheDirectories(root: root))
        let link = server.url("/" + url.lastPathComponent)
        _ = try await repository.original(bytesFor: link, priority: .interactive)
        return (link, await repository.details(for: link))
    }

    private func tagged(_ arguments: [String]) throws -> Data {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let images = try PictureFolder()
        defer { images.remove() }
        try FileManager.default.copyItem(at: try images.jpeg("plain.jpg", width: 120, height: 80), to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-q", "-overwrite_original"] + arguments + [path]
        guard (try? process.run()) != nil else { throw TestRequirement.missing("needs exiftool") }
        process.waitUntilExit()
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private func rows(_ sections: [PropertySection]) -> [String: String] {
        Dictionary(sections.flatMap(\.rows).map { ($0.title, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    func testATaggedPhotoTellsItsCameraDatePlaceAndSource() async throws {
        let file = try tagged(["-Make=NIKON CORPORATION", "-Model=NIKON Z 6", "-ExposureTime=2", "-FNumber=8",
                               "-ISO=100", "-FocalLength=24", "-DateTimeOriginal=2023:12:24 18:05:00", "-Orientation#=8",
                               "-GPSLatitude=33.8688", "-GPSLatitudeRef=S", "-GPSLongitude=151.2093", "-GPSLongitudeRef=E"])
        let (url, details) = try await details(of: file, named: "nikon.jpg")
        let sections = PropertyRows.sections(url: url, image: nil, details: details)
        XCTAssertEqual(sections.map(\.title), ["Picture", "Camera", "Source"])
        let values = rows(sections)
        XCTAssertEqual(values["Camera"], "NIKON Z 6", "the make is not said twice")
        XCTAssertEqual(values["Exposure"], "2 s")
        XCTAssertEqual(values["Aperture"], "f/8")
        XCTAssertEqual(values["Focal Length"], "24 mm")
        XCTAssertEqual(values["Orientation"], "Turned 90° counter-clockwise")
        XCTAssertEqual(values["Location"], "33.86880° S, 151.20930° E")
        XCTAssertTrue(values["Taken"]?.contains("2023") == true && values["Taken"]?.contains("24") == true, values["Taken"] ?? "")
        XCTAssertEqual(values["Format"], "JPEG")
        XCTAssertEqual(values["File Size"], DownloadProgressText.formatSize(file.count))
        XCTAssertEqual(values["Content Type"], "image/jpeg")
        XCTAssertEqual(values["Loaded From"], "The network")
        XCTAssertEqual(values["Address"], url.absoluteString)
        guard case .place(let latitude, let longitude)? = sections.flatMap(\.rows).first(where: { $0.title == "Location" })?.kind
        else { return XCTFail("the location row opens a map") }
        XCTAssertEqual(latitude, -33.8688, accuracy: 1e-6)
        XCTAssertEqual(longitude, 151.2093, accuracy: 1e-6)
    }

    /// A TIFF that holds a camera's raw data is named for it (`CameraRAWTests` reads the kind),
    /// and a maker's container for its maker.
    func testACameraRAWIsNamedForWhatItIs() {
        var metadata = PictureMetadata()
        metadata.format = .tiff
        let url = URL(string: "https://example.com/photo.dng")!
        func format(_ kind: CameraRAWKind?) -> String? {
            metadata.cameraRAW = kind
            return rows(PropertyRows.sections(url: url, image: nil, details: PictureDetails(metadata: metadata)))["Format"]
        }
        XCTAssertEqual(format(.dng), "DNG (camera RAW)")
        XCTAssertEqual(format(.camera), "Camera RAW")
        XCTAssertEqual(format(nil), "TIFF")
        metadata.format = .cr3 // a maker's own container is named for its maker
        XCTAssertEqual(format(nil), "Canon CR3 (camera RAW)")
    }

    func testAnUntaggedPictureHasNoCameraGroupAndNoEmptyRows() async throws {
        let (url, details) = try await details(of: try tagged(["-all="]), named: "plain.jpg")
        let sections = PropertyRows.sections(url: url, image: nil, details: details)
        XCTAssertEqual(sections.map(\.title), ["Picture", "Source"])
        XCTAssertTrue(sections.flatMap(\.rows).allSatisfy { !$0.value.isEmpty })
    }

    func testHugeMetadataIsCutAndTheRestStillShows() async throws {
        let file = try tagged(["-Model=" + String(repeating: "Z", count: 20_000), "-Comment=" + String(repeating: "c", count: 50_000),
                               "-ISO=3200"])
        let (url, details) = try await details(of: file, named: "huge.jpg")
        let values = rows(PropertyRows.sections(url: url, image: nil, details: details))
        XCTAssertEqual(values["ISO"], "3200")
        XCTAssertLessThanOrEqual(values["Camera"]?.count ?? 0, 120)
    }

    func testExposuresReadAsPhotographersWriteThem() {
        XCTAssertEqual(PropertyRows.exposure((1, 4000)), "1/4000 s")
        XCTAssertEqual(PropertyRows.exposure((10, 40)), "1/4 s")
        XCTAssertEqual(PropertyRows.exposure((30, 1)), "30 s")
        XCTAssertEqual(PropertyRows.exposure((13, 10)), "1.3 s")
        XCTAssertEqual(PropertyRows.camera(make: "Canon", model: "Canon EOS R6"), "Canon EOS R6")
        XCTAssertEqual(PropertyRows.camera(make: "Apple", model: "iPhone 15 Pro"), "Apple iPhone 15 Pro")
        XCTAssertEqual(PropertyRows.camera(make: nil, model: "X100V"), "X100V")
    }
}

/// What the panel says of the picture itself: its size in pixels and megapixels, and an
/// animation's frames and length, from the decoded page.
final class PropertyRowsPictureTests: XCTestCase {
    private static func texture() -> TextureHandle {
        var pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        let bytes = g_bytes_new(&pixels, gsize(pixels.count))
        defer { g_bytes_unref(bytes) }
        return TextureHandle(taking: gdk_memory_texture_new(4, 4, GDK_MEMORY_R8G8B8A8, bytes, 16))
    }

    func testDimensionsAndAnAnimationsFramesAndLength() {
        let frames = [120, 80, 300].map { DecodedAnimation.Frame(texture: Self.texture(), milliseconds: $0) }
        let animated = DecodedImage(texture: frames[0].texture, sourceWidth: 4032, sourceHeight: 3024,
                                    animation: DecodedAnimation(frames: frames, loopCount: 0))
        let url = URL(string: "https://example.org/cat.gif")!
        let rows = PropertyRows.sections(url: url, image: animated, details: nil).flatMap(\.rows)
        XCTAssertEqual(rows.first { $0.title == "Dimensions" }?.value, "4032 × 3024 pixels (12.2 MP)")
        XCTAssertEqual(rows.first { $0.title == "Animation" }?.value, "3 frames, 0.5 s")
        XCTAssertNil(rows.first { $0.title == "Camera" }, "nothing known of a camera")
        XCTAssertEqual(rows.first { $0.title == "Server" }?.value, "example.org")
    }

    /// A page that stands for other lines (Hide Duplicates) names them, with their sizes, so the
    /// largest copy can be picked; each has a Copy button as the page's own address has.
    func testOtherLinksToThePictureAreNamedWithTheirSizes() throws {
        let url = URL(string: "https://example.org/cat.jpg")!
        let document = LinksDocument.make(from: Data("https://mirror.example.org/cat.jpg\nhttps://thumbs.example.org/cat-small.jpg".utf8))
        let addresses = document.compactMap(\.classification.address)
        let links = [ViewerItem.OtherLink(address: addresses[0], size: PixelSize(width: 4000, height: 3000)),
                     ViewerItem.OtherLink(address: addresses[1], size: nil)]
        let rows = PropertyRows.sections(url: url, image: nil, details: nil, otherLinks: links).flatMap(\.rows)
            .filter { $0.title == "Same Picture At" }
        XCTAssertEqual(rows.map(\.value), ["https://mirror.example.org/cat.jpg (4000 × 3000)", "https://thumbs.example.org/cat-small.jpg"])
        XCTAssertEqual(rows.first?.kind, .address(URL(string: "https://mirror.example.org/cat.jpg")!))
    }

    /// An animation played in spans has only its first span's frames at hand: the panel gives
    /// the frames its file counts, not a length summed from one span.
    func testAnAnimationInSpansGivesTheFramesItsFileCounts() throws {
        let frames = [120, 80].map { DecodedAnimation.Frame(texture: Self.texture(), milliseconds: $0) }
        let span = DecodedAnimation(frames: frames, loopCount: 0, firstFrame: 0, reachesEnd: false)
        let image = DecodedImage(texture: frames[0].texture, sourceWidth: 4, sourceHeight: 4, animation: span)
        var metadata = PictureMetadata()
        metadata.animation = try XCTUnwrap(AnimationExtent(frameCount: 40, canvas: PixelSize(width: 4, height: 4)))
        let rows = PropertyRows.sections(url: URL(string: "https://example.org/long.gif")!, image: image,
                                         details: PictureDetails(metadata: metadata)).flatMap(\.rows)
        XCTAssertEqual(rows.first { $0.title == "Animation" }?.value, "40 frames")
    }
}
