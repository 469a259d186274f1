import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// A PNG's colour as browsers show it (issue 43): its cICP first, then its iCCP, then its sRGB chunk, then
/// gAMA and cHRM (as Chromium's PNG decoder applies them: cHRM's primaries with gAMA's curve,
/// or sRGB's primaries with gAMA's curve). Flat pictures written by PIL with the chunks added,
/// decoded by a real worker; the references are the transfer function's own arithmetic and
/// ghostscript's Adobe RGB profile through lcms.
final class PNGColourChunksTests: XCTestCase {
    private static let adobe = "/usr/share/color/icc/ghostscript/a98.icc"

    /// A 32×32 PNG of `colour`, with the chunks named (gAMA's file gamma; cHRM's eight values;
    /// an sRGB chunk; Adobe RGB's iCCP).
    private func png(_ colour: (Int, Int, Int), gamma: Double? = nil, chromaticities: [Double]? = nil,
                     srgb: Bool = false, adobeProfile: Bool = false, cicp: [Int]? = nil) throws -> Data {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("flat.png").path
        let script = """
        import struct, sys
        from PIL import Image, PngImagePlugin
        path, colour, gamma, chrm, srgb, profile, cicp = sys.argv[1:8]
        info = PngImagePlugin.PngInfo()
        if gamma: info.add(b"gAMA", struct.pack(">I", round(float(gamma) * 100000)))
        if chrm: info.add(b"cHRM", struct.pack(">8I", *[round(float(v) * 100000) for v in chrm.split(",")]))
        if srgb == "1": info.add(b"sRGB", b"\\x00")
        options = {"icc_profile": open(profile, "rb").read()} if profile else {}
        Image.new("RGB", (32, 32), tuple(int(v) for v in colour.split(","))).save(path, "PNG", pnginfo=info, **options)
        if cicp:  # PIL writes no chunk it does not know: put cICP after IHDR by hand
            import zlib
            data = open(path, "rb").read()
            body = b"cICP" + bytes(int(v) for v in cicp.split(","))
            chunk = struct.pack(">I", 4) + body + struct.pack(">I", zlib.crc32(body))
            open(path, "wb").write(data[:33] + chunk + data[33:])
        """
        let gammaArgument: String = gamma.map { String($0) } ?? ""
        let chromaticitiesArgument: String = chromaticities?.map { String($0) }.joined(separator: ",") ?? ""
        let cicpArgument: String = cicp?.map { String($0) }.joined(separator: ",") ?? ""
        let arguments: [String] = [path, "\(colour.0),\(colour.1),\(colour.2)", gammaArgument, chromaticitiesArgument,
                                   srgb ? "1" : "0", adobeProfile ? Self.adobe : "", cicpArgument]
        guard FileManager.default.fileExists(atPath: Self.adobe), try TestImages.python(script, arguments: arguments) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL and libgs-common's profiles")
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private func shown(_ data: Data) throws -> [Int] {
        let image = try ImageDecoder.original(from: data)
        let pixel = TestImages.pixel(of: image.texture.texture, x: 16, y: 16)
        return [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    }

    private func assertClose(_ got: [Int], _ expected: [Int], within tolerance: Int, _ message: String, line: UInt = #line) {
        let difference = zip(got, expected).map { abs($0 - $1) }.max() ?? 255
        XCTAssertLessThanOrEqual(difference, tolerance, "\(message): \(got) against \(expected)", line: line)
    }

    /// gAMA alone: sRGB's primaries, the file's curve. Linear samples (gamma 1.0) and gamma 0.7,
    /// against the arithmetic: the sample decoded by the file's curve, encoded by sRGB's.
    func testGAMAAloneIsTheFilesCurveWithSRGBsPrimaries() throws {
        func srgb(_ linear: Double) -> Int {
            Int((255 * (linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055)).rounded())
        }
        for gamma in [1.0, 0.7] {
            for colour in [(64, 64, 64), (128, 128, 128), (200, 120, 40)] {
                let expected = [colour.0, colour.1, colour.2].map { srgb(pow(Double($0) / 255, 1 / gamma)) }
                assertClose(try shown(try png(colour, gamma: gamma)), expected, within: 2, "gamma \(gamma), \(colour)")
            }
        }
    }

    /// cHRM with gAMA: Adobe RGB's primaries and its 2.2 gamma, written as chunks, shown as the
    /// same pixels tagged with ghostscript's Adobe RGB profile are.
    func testCHRMAndGAMAAreShownAsTheProfileTheyDescribe() throws {
        let adobeChromaticities = [0.3127, 0.3290, 0.64, 0.33, 0.21, 0.71, 0.15, 0.06]
        for colour in [(0, 255, 0), (200, 60, 30), (90, 90, 200)] {
            let chunks = try shown(try png(colour, gamma: 1 / 2.19921875, chromaticities: adobeChromaticities))
            let tagged = try shown(try png(colour, adobeProfile: true))
            assertClose(chunks, tagged, within: 3, "\(colour) described by chunks, against the ICC profile")
            if colour.0 > 0 { // Adobe's pure green is outside sRGB: it clips to sRGB's
                XCTAssertNotEqual(chunks, [colour.0, colour.1, colour.2], "\(colour) converted, not shown as stored")
            }
        }
    }

    /// cICP comes before everything, as in browsers: BT.709 primaries with a linear curve are
    /// the linear samples sRGB-encoded (the arithmetic), even beside an Adobe RGB profile; sRGB's
    /// own codes change nothing; an HDR curve (PQ) is tone-mapped, the profile beside it unused.
    func testCICPComesFirst() throws {
        func srgb(_ linear: Double) -> Int {
            Int((255 * (linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055)).rounded())
        }
        let colour = (200, 120, 40), linear = [200, 120, 40].map { srgb(Double($0) / 255) }
        assertClose(try shown(try png(colour, cicp: [1, 8, 0, 1])), linear, within: 2, "BT.709, linear")
        assertClose(try shown(try png(colour, adobeProfile: true, cicp: [1, 8, 0, 1])), linear, within: 2, "cICP over iCCP")
        assertClose(try shown(try png(colour, cicp: [1, 13, 0, 1])), [200, 120, 40], within: 1, "sRGB's codes")
        // An HDR curve too: PQ's code for a neutral grey, tone-mapped (`HDRToneMappingTests`),
        // not the Adobe profile beside it.
        let tagged = try shown(try png((147, 147, 147), adobeProfile: true))
        let pq = try shown(try png((147, 147, 147), adobeProfile: true, cicp: [9, 16, 0, 1]))
        // As the standards draw PQ's 147, computed apart from the app (`HDRReference`).
        let grey = Int(try HDRReference.shownGreys(.pq, codes: [147])[0].rounded())
        assertClose(pq, Array(repeating: grey, count: 3), within: 2, "PQ, tone-mapped")
        XCTAssertNotEqual(pq, tagged)
    }

    /// An sRGB chunk, or an ICC profile, comes before gAMA and cHRM, as in browsers.
    func testAnSRGBChunkOrAProfileComesFirst() throws {
        let colour = (128, 128, 128)
        assertClose(try shown(try png(colour, gamma: 1.0, srgb: true)), [128, 128, 128], within: 0, "sRGB chunk")
        let tagged = try shown(try png((200, 60, 30), adobeProfile: true))
        let both = try shown(try png((200, 60, 30), gamma: 1.0, adobeProfile: true))
        assertClose(both, tagged, within: 0, "iCCP over gAMA")
        assertClose(try shown(try png(colour)), [128, 128, 128], within: 0, "untagged: as stored")
    }
}
