import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// Camera RAW in makers' own containers (issue 43), which are not TIFFs: recognised by their
/// bytes (CR3, CRW, RAF, ORF, RW2, MRW, X3F) and read by LibRaw alone. A RAF made at test time
/// (`Tests/Fixtures/raf_fixture.py`) is developed as LibRaw's own developer (`dcraw_emu -T -w
/// -o 1 -g 2.4 12.92`) develops it, its thumbnail is the camera's preview, and the preview is the picture
/// when the raw data is cut short; real cameras' files from Exiv2's test data
/// (`Tests/Fixtures/exiv2-camera-raw`), their pictures taken out, say why.
final class CameraRAWContainerTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A 96×64 RAF the camera recorded in `orientation`, and dcraw_emu's development of it
    /// (turned as the camera says). A camera LibRaw has no colour matrix for keeps its own
    /// colours, and dcraw_emu then writes no profile: it is asked for sRGB's curve, the one the
    /// app develops to, so its pixels are the colours it means.
    private func raf(orientation: Int = 1) throws -> (raw: Data, reference: Data) {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("camera.raf").path
        let fixture = Self.fixtures.appendingPathComponent("raf_fixture.py").path
        guard ExternalTool.succeeds("/usr/bin/python3", [fixture, path, "96", "64", "--orientation", String(orientation)]),
              ExternalTool.succeeds("/usr/bin/dcraw_emu", ["-T", "-w", "-o", "1", "-g", "2.4", "12.92", path]) else {
            throw TestRequirement.missing("needs python3 with PIL and dcraw_emu (libraw-bin)")
        }
        return (try Data(contentsOf: URL(fileURLWithPath: path)), try Data(contentsOf: URL(fileURLWithPath: path + ".tiff")))
    }

    private func exiv2File(_ name: String) throws -> Data {
        try Data(contentsOf: Self.fixtures.appendingPathComponent("exiv2-camera-raw/" + name))
    }

    func testEachMakersMagicNumberNamesItsFormat() {
        let heads: [([UInt8], ImageFormat)] = [
            ([0, 0, 0, 0x18] + Array("ftypcrx ".utf8) + [0, 0, 0, 1] + Array("crx isom".utf8), .cr3),
            ([0x49, 0x49, 0x1A, 0, 0, 0] + Array("HEAPCCDR".utf8), .crw),
            (Array("FUJIFILMCCD-RAW 0201FF383501".utf8), .raf),
            (Array("IIRO".utf8) + [8, 0, 0, 0], .orf), (Array("IIRS".utf8) + [8, 0, 0, 0], .orf),
            (Array("MMOR".utf8) + [0, 0, 0, 8], .orf),
            ([0x49, 0x49, 0x55, 0, 0x18, 0, 0, 0], .rw2),
            ([0] + Array("MRM".utf8) + [0, 0, 0, 0], .mrw),
            (Array("FOVb".utf8) + [0, 0, 0, 0], .x3f),
        ]
        for (head, format) in heads {
            XCTAssertEqual(ContentSniffer.imageFormat(of: head), format)
            XCTAssertTrue(format.isCameraRAWContainer)
        }
        // TIFF-based RAWs stay TIFFs by their bytes; LibRaw claims them by their content.
        XCTAssertEqual(ContentSniffer.imageFormat(of: Array("II*\0".utf8) + [8, 0, 0, 0]), .tiff)
        XCTAssertEqual(SavedFileName.preferredExtension(of: .cr3), "cr3")
    }

    /// In each turn a camera records: upright, as dcraw_emu develops and turns it.
    func testARAFIsDevelopedAsLibRawsOwnDeveloperDoesInEachTurn() throws {
        for orientation in [1, 3, 6, 8] {
            let (raw, referenceFile) = try raf(orientation: orientation)
            XCTAssertEqual(ContentSniffer.imageFormat(of: raw), .raf)
            let page = try ImageDecoder.original(from: raw)
            // dcraw_emu's TIFF as Pillow reads it and lcms turns it (never through the app).
            let reference = try ExternalReference.read(referenceFile)
            let upright = [6, 8].contains(orientation) ? [64, 96] : [96, 64]
            XCTAssertEqual([page.texture.pixelWidth, page.texture.pixelHeight], upright,
                           "orientation \(orientation): the raw data upright, not the 160×120 preview")
            XCTAssertEqual(reference.size, PixelSize(width: upright[0], height: upright[1]))
            XCTAssertEqual(page.sourceSize, PixelSize(width: upright[0], height: upright[1]))
            let difference = try XCTUnwrap(reference.difference(from: page.texture))
            XCTAssertLessThanOrEqual(difference.largestOfMost, 2, "orientation \(orientation): as dcraw_emu develops it")
        }
    }

    /// The grid's thumbnail comes from the camera's preview, large enough for it, turned as the
    /// raw data is: the preview's colours (the JPEG's bands as made, not the developed raw
    /// data's brighter ones), its red band where the turn puts the picture's left edge.
    func testARAFsThumbnailIsTheCamerasPreviewUpright() throws {
        // Where the stored picture's left edge (red) lands in the square tile, per orientation.
        let redEdge: [Int: (x: Int, y: Int)] = [1: (2, 24), 3: (45, 24), 6: (24, 2), 8: (24, 45)]
        for (orientation, place) in redEdge.sorted(by: { $0.key < $1.key }) {
            let (raw, _) = try raf(orientation: orientation)
            let thumbnail = try ImageDecoder.thumbnail(from: raw, side: 48)
            XCTAssertEqual(thumbnail.image.texture.pixelHeight, 48)
            let upright = [6, 8].contains(orientation) ? PixelSize(width: 64, height: 96) : PixelSize(width: 96, height: 64)
            XCTAssertEqual(thumbnail.image.sourceSize, upright, "orientation \(orientation): the camera's picture's size")
            let red = TestImages.pixel(of: thumbnail.image.texture.texture, x: place.x, y: place.y)
            XCTAssertLessThanOrEqual(abs(Int(red.red) - 200) + abs(Int(red.green) - 60) + abs(Int(red.blue) - 40), 12,
                                     "orientation \(orientation): the preview's red band (200, 60, 40) at \(place): \(red)")
        }
    }

    func testThePropertiesNameAMakersFormat() throws {
        let (raw, _) = try raf()
        let metadata = try XCTUnwrap(SandboxedPictureLoader().open(PictureBytes(oneOff: raw)))
        XCTAssertEqual(metadata.format, .raf)
        XCTAssertEqual(metadata.cameraMake, "FUJIFILM")
    }

    /// A RAF whose raw data is cut short: the camera's preview is the picture, at the
    /// preview's size (all there is to zoom into), equal to that JPEG decoded alone.
    func testARAFCutShortShowsTheCamerasPreview() throws {
        let (raw, _) = try raf()
        let cut = raw.prefix(raw.count - 96 * 64)
        let page = try ImageDecoder.original(from: cut)
        XCTAssertEqual([page.texture.pixelWidth, page.texture.pixelHeight], [160, 120])
        let start = try XCTUnwrap(raw.firstRange(of: Data([0xFF, 0xD8, 0xFF]))).lowerBound
        let end = try XCTUnwrap(raw.firstRange(of: Data([0xFF, 0xD9]))).upperBound
        // The preview JPEG alone, as Pillow decodes it (libjpeg's rounding may differ by one).
        let preview = try ExternalReference.read(raw.subdata(in: start..<end))
        let difference = try XCTUnwrap(preview.difference(from: page.texture))
        XCTAssertLessThanOrEqual(difference.largestOfMost, 2)
    }

    /// Real cameras' headers with no picture in them, and files made to crash readers: each is
    /// its format by its bytes and one picture's reason, never the worker's crash.
    func testRealHeadersWithNoPictureSayWhy() throws {
        let files: [(String, ImageFormat)] = [("Canon-R6-pruned.CR3", .cr3), ("exiv2-canon-powershot-s40.crw", .crw),
                                              ("issue_839_poc.rw2", .rw2), ("issue_857_poc.raf", .raf)]
        for (name, format) in files {
            let data = try exiv2File(name)
            XCTAssertEqual(ContentSniffer.imageFormat(of: data), format, name)
            XCTAssertThrowsError(try ImageDecoder.original(from: data), name) { error in
                XCTAssertTrue([.unsupportedFormat(format), .damaged].contains(error as? LoadError), "\(name): \(error)")
            }
            XCTAssertThrowsError(try ImageDecoder.thumbnail(from: data, side: 48), name)
            XCTAssertEqual(SandboxedPictureLoader().open(PictureBytes(oneOff: data))?.format, format, name)
        }
    }
}
