import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// JPEG XL through libjxl (`JXLDecoding`, in a real worker), against libjxl's own reference
/// decoder: each file is encoded by `cjxl` at test time and decoded by `djxl` to a PNG, which
/// Pillow reads and lcms turns to sRGB as the reference (`ExternalReference`, never the app's
/// own PNG path). Lossy and lossless, alpha, a colour profile, and each at a thumbnail's size.
final class JPEGXLTests: XCTestCase {
    private static let profilePath = "/usr/share/color/icc/ghostscript/a98.icc"

    /// `cjxl options source.png picture.jxl` and `djxl picture.jxl reference.png` of a 300×200
    /// picture (gradients and noise; with alpha, a ramp of it; tagged, the Adobe RGB profile).
    private func encoded(_ options: [String], alpha: Bool = false, tagged: Bool = false) throws -> (jxl: Data, reference: Data) {
        let folder = try TemporaryDirectory()
        let source = folder.url.appendingPathComponent("source.png").path
        let script = """
        import sys
        from PIL import Image
        path, alpha, profile = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
        across = Image.linear_gradient("L").rotate(90).resize((300, 200))
        down = Image.linear_gradient("L").resize((300, 200))
        bands = [across, down, Image.effect_noise((300, 200), 40)]
        image = Image.merge("RGBA" if alpha else "RGB", bands + ([across.rotate(180)] if alpha else []))
        options = {"icc_profile": open(profile, "rb").read()} if profile else {}
        image.save(path, "PNG", **options)
        """
        guard try TestImages.python(script, arguments: [source, alpha ? "1" : "0", tagged ? Self.profilePath : ""]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL")
        }
        let jxl = folder.url.appendingPathComponent("picture.jxl").path, reference = folder.url.appendingPathComponent("reference.png").path
        guard ExternalTool.succeeds("/usr/bin/cjxl", options + [source, jxl]), ExternalTool.succeeds("/usr/bin/djxl", [jxl, reference]) else {
            throw TestRequirement.missing("needs cjxl and djxl (libjxl-tools)")
        }
        return (try Data(contentsOf: URL(fileURLWithPath: jxl)), try Data(contentsOf: URL(fileURLWithPath: reference)))
    }

    func testJPEGXLPicturesAreShownAsLibjxlsOwnDecoderShowsThem() throws {
        let cases: [(String, [String], Bool, Bool)] = [
            ("lossy", ["-q", "85"], false, false),
            ("lossless", ["-d", "0"], false, false),
            ("lossless with alpha", ["-d", "0"], true, false),
            ("lossy with alpha", ["-q", "90"], true, false),
            ("lossless in Adobe RGB", ["-d", "0"], false, true),
        ]
        for (name, options, alpha, tagged) in cases {
            let (jxl, referenceFile) = try encoded(options, alpha: alpha, tagged: tagged)
            XCTAssertEqual(ContentSniffer.imageFormat(of: jxl), .jxl, name)
            let facts = PictureFacts.read(jxl)
            XCTAssertEqual(facts.size, PixelSize(width: 300, height: 200), name)
            XCTAssertEqual(facts.hasAlpha, alpha, name)
            XCTAssertEqual(facts.colorProfile != nil, tagged, "\(name): a profile only where the pixels are not sRGB")
            let picture = try ImageDecoder.original(from: jxl)
            // djxl's PNG as Pillow reads it and lcms turns it to sRGB: never through the app.
            let reference = try ExternalReference.read(referenceFile)
            XCTAssertEqual([picture.texture.pixelWidth, picture.texture.pixelHeight], [300, 200], name)
            let difference = try XCTUnwrap(reference.difference(from: picture.texture), name)
            XCTAssertLessThanOrEqual(difference.largestOfMost, 2, "\(name): as djxl decodes it, colour managed alike")

            // A thumbnail is the same picture, smaller.
            let thumbnail = try ImageDecoder.thumbnail(from: jxl, side: 64)
            XCTAssertEqual(min(thumbnail.image.texture.pixelWidth, thumbnail.image.texture.pixelHeight), 64, name)
        }
    }

    /// A file that is a JPEG XL signature and nothing of a picture: libjxl read it and refused
    /// it, so it is damaged — not "unsupported", which the format no longer is.
    func testAJPEGXLSignatureWithoutAPictureIsDamaged() {
        let broken = Data([0xFF, 0x0A, 0xFA, 0x1F, 0x41, 0x91, 0x08, 0x06] + [UInt8](repeating: 0x55, count: 200))
        XCTAssertEqual(ContentSniffer.imageFormat(of: broken), .jxl)
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: broken)) { XCTAssertEqual($0 as? LoadError, .damaged) }
        XCTAssertThrowsError(try ImageDecoder.original(from: broken)) { XCTAssertEqual($0 as? LoadError, .damaged) }
    }
}
