import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// The look that finds one picture behind many links (issue 55), tuned on public photos: the
/// test fixtures' photographs (EXIF orientation examples, the AVIF sample set, libjxl's
/// conformance files), each copied by Pillow as lists of links copy pictures — resized,
/// re-encoded, a little cut — and shot again with its framing moved; each look made by the
/// app from the thumbnail it decodes, as the grid does. Copies are one picture, different
/// photos and other shots are not; the figures are printed for BENCHMARKS.md.
final class LookHashTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    private static let photos = [
        "exif-orientation-examples/Landscape_1.jpg", "exif-orientation-examples/Landscape_6.jpg",
        "avif-sample-images/plum-blossom-small.png", "avif-sample-images/fox.profile0.8bpc.yuv420.odd-width.odd-height.avif",
        "avif-sample-images/kimono.rotate90.avif", "jxl-conformance/bicycles.jxl", "jxl-conformance/lz77_flower.jxl",
        "jxl-conformance/grayscale_public_university.jxl", "jxl-conformance/cmyk_layers.jxl", "jxl-conformance/upsampling.jxl",
        "jxl-conformance/noise.jxl", "jxl-conformance/spot.jxl", "jxl-conformance/opsin_inverse.jxl",
        "jxl-conformance/delta_palette.jxl", "jxl-conformance/blendmodes.jxl", "jxl-conformance/alpha_triangles.jxl",
    ]

    func testCopiesAreOnePictureAndOtherPhotosAreNot() throws {
        let folder = try TemporaryDirectory()
        let names = try ExternalTool.output("/usr/bin/python3", [Self.fixtures.appendingPathComponent("look_variants.py").path,
                                                                  folder.url.path] + Self.photos.map { Self.fixtures.appendingPathComponent($0).path })
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(names.count, Self.photos.count)
        func look(_ number: Int, _ variant: String) throws -> LookHash {
            let file = ["png", "jpg"].map { folder.url.appendingPathComponent("\(number)-\(variant).\($0)") }
                .first { FileManager.default.fileExists(atPath: $0.path) }
            let thumbnail = try ImageDecoder.thumbnail(from: try Data(contentsOf: try XCTUnwrap(file, "\(number)-\(variant)")))
            return try XCTUnwrap(thumbnail.image.look, "\(names[number]) \(variant): a look")
        }
        let originals = try (0..<names.count).map { try look($0, "original") }
        var figures: [String] = []
        for variant in ["half", "quarter", "q50", "half-q70", "crop3", "crop6", "scene"] {
            var joined: [String] = []
            for number in 0..<names.count where try look(number, variant).isNear(originals[number]) { joined.append(names[number]) }
            figures.append("\(variant): \(joined.count) of \(names.count) joined")
            switch variant {
            case "half", "quarter", "q50", "half-q70":
                XCTAssertEqual(joined.count, names.count, "every \(variant) copy is the same picture")
            case "scene":
                XCTAssertEqual(joined, [], "another shot of the scene is another picture")
            default:
                break // more cut off: as far as the look goes, written down
            }
        }
        // Different photos: every pair apart (Landscape_1 and _6 are one photo, stored turned).
        var different = 0, apart = 0
        for first in 0..<names.count {
            for second in (first + 1)..<names.count where !(first == 0 && second == 1) {
                different += 1
                if !originals[first].isNear(originals[second]) { apart += 1 } else { XCTFail("\(names[first]) and \(names[second]) joined") }
            }
        }
        XCTAssertTrue(originals[0].isNear(originals[1]), "a photo stored turned (EXIF 6) is the same picture upright")
        figures.append("different photos: \(apart) of \(different) pairs apart")
        print("LookHash on \(names.count) public photos: " + figures.joined(separator: "; "))
    }

    /// The look is kept in the thumbnail's file, so a relaunch finds copies without decoding.
    func testTheThumbnailFileKeepsTheLook() throws {
        let photo = try Data(contentsOf: Self.fixtures.appendingPathComponent("exif-orientation-examples/Landscape_6.jpg"))
        let thumbnail = try ImageDecoder.thumbnail(from: photo)
        let look = try XCTUnwrap(thumbnail.image.look)
        XCTAssertEqual(try ThumbnailPNG.decodeTile(try ThumbnailPNG.encode(thumbnail)).look, look)
        // A file from before looks were kept: its look is made from its own pixels, near the original's.
        let unlooked = Thumbnail(image: ThumbnailImage(texture: thumbnail.image.texture, sourceSize: thumbnail.image.sourceSize),
                                 kept: thumbnail.kept)
        let made = try XCTUnwrap(try ThumbnailPNG.decodeTile(try ThumbnailPNG.encode(unlooked)).look)
        XCTAssertTrue(made.isNear(look))
    }

    func testTheLookReadsBackFromItsText() {
        let look = LookHash(gradients: 0x0123_4567_89AB_CDEF, verticalGradients: 0xF, red: 1, green: 0x80, blue: 0xFF)
        XCTAssertEqual(look.text, "0123456789abcdef/000000000000000f/0180ff/")
        let shaded = LookHash(gradients: 1, verticalGradients: 2, shades: (0..<256).map { UInt8($0) }, red: 3, green: 4, blue: 5)
        XCTAssertEqual(LookHash(text: shaded.text), shaded)
        XCTAssertEqual(shaded.text.count, 16 + 16 + 6 + 512 + 3)
        XCTAssertEqual(LookHash(text: look.text), look)
        for broken in ["", "0123456789abcdef/0180ff", "0123456789abcdef/000000000000000f/0180f/",
                       "0123456789abcdeg/000000000000000f/0180ff/", "0123456789abcdef/000000000000000f/0180ff",
                       "+123456789abcdef/000000000000000f/0180ff/", "0123456789abcdef/000000000000000f/0180ff/0f"] {
            XCTAssertNil(LookHash(text: broken), broken)
        }
    }
}
