import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// HDR pictures (issue 43: "the file's colour encoding converted to sRGB") on a screen of
/// standard range: the curves against their standards' own figures (ST 2084's PQ, BT.2408's
/// 58 % and 75 % for 203 cd/m², BT.2390's roll-off) and, code by code, against the standards'
/// formulas written apart from the app (`HDRReference`), and pictures that name them — a PNG's
/// cICP, an AVIF's nclx made by avifenc, a JPEG XL's encoding made by cjxl — drawn through the
/// tone curve, neutral greys neutral; and an AVIF's nclx of standard range, its primaries applied.
final class HDRToneMappingTests: XCTestCase {
    func testTheCurvesMatchTheirStandards() {
        XCTAssertEqual(HDRToneMapping.perceptualQuantizerLight(0.5), 92.25, accuracy: 0.1, "ST 2084: half the code is 92 cd/m²")
        XCTAssertEqual(HDRToneMapping.perceptualQuantizerLight(1), 10000, accuracy: 0.01)
        XCTAssertEqual(HDRToneMapping.perceptualQuantizerValue(203), 0.58, accuracy: 0.005, "BT.2408: reference white at 58 % PQ")
        XCTAssertEqual(HDRToneMapping.hybridLogGammaLight(0.75), 203, accuracy: 4, "BT.2408: reference white at 75 % HLG")
        XCTAssertEqual(HDRToneMapping.hybridLogGammaLight(1), 1000, accuracy: 0.01)
        for light in [0.0, 0.5, 5, 20, 60, 80] {
            XCTAssertEqual(HDRToneMapping.toneMapped(light), light, accuracy: light * 1e-6 + 1e-9, "below the knee: kept")
        }
        XCTAssertEqual(HDRToneMapping.toneMapped(1000), 203, accuracy: 0.01, "the peak is the screen's white")
        XCTAssertEqual(HDRToneMapping.toneMapped(4000), 203, accuracy: 0.01, "brighter than the peak: white")
        XCTAssertLessThan(HDRToneMapping.toneMapped(203), 203, "reference white rolled off, not cut")
    }

    /// Every 8-bit code of PQ and of HLG drawn as the standards' formulas, written apart from
    /// the app (`HDRReference`), draw it: the whole curve, roll-off included, within a
    /// twentieth of a grey level.
    func testEveryCodeIsShownAsTheStandardsSay() throws {
        let codes = Array(0...255)
        for (curve, light) in [(HDRReference.Curve.pq, HDRToneMapping.perceptualQuantizerLight),
                               (.hlg, HDRToneMapping.hybridLogGammaLight)] {
            let expected = try HDRReference.shownGreys(curve, codes: codes)
            for code in codes {
                let linear = HDRToneMapping.toneMapped(light(Double(code) / 255)) / HDRToneMapping.referenceWhite
                let shown = 255 * (linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055)
                XCTAssertEqual(shown, expected[code], accuracy: 0.05, "\(curve) code \(code)")
            }
        }
    }

    func testTheTablesRiseFromBlackToWhite() throws {
        for transfer in [16, 18] {
            let table = try XCTUnwrap(HDRToneMapping.table(transfer: transfer))
            XCTAssertEqual(table.count, HDRToneMapping.entries)
            XCTAssertEqual(table.first, 0)
            XCTAssertEqual(try XCTUnwrap(table.last), 1, accuracy: 1e-6)
            XCTAssertTrue(zip(table, table.dropFirst()).allSatisfy { $0 <= $1 }, "transfer \(transfer): never falls")
        }
        XCTAssertNil(HDRToneMapping.table(transfer: 13), "sRGB's curve is no HDR curve")
    }

    /// PQ codes of 1, 10, 50, 100, 203, 500 and 1,000 cd/m² as 8-bit greys, side by side.
    private static let pqCodes = [1.0, 10, 50, 100, 203, 500, 1000].map { Int((255 * HDRToneMapping.perceptualQuantizerValue($0)).rounded()) }

    /// A strip of `pqCodes` greys, 16 px each, written by PIL as a PNG; `tag` makes it HDR.
    private func greyStrip(_ folder: TemporaryDirectory) throws -> String {
        let path = folder.url.appendingPathComponent("strip.png").path
        let script = """
        import sys
        from PIL import Image
        codes = [int(v) for v in sys.argv[2].split(",")]
        image = Image.new("RGB", (16 * len(codes), 16))
        for index, code in enumerate(codes):
            image.paste((code, code, code), (16 * index, 0, 16 * index + 16, 16))
        image.save(sys.argv[1], "PNG")
        """
        guard try TestImages.python(script, arguments: [path, Self.pqCodes.map(String.init).joined(separator: ",")]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL")
        }
        return path
    }

    private func assertShownAsToneMapped(_ data: Data, within tolerance: Int, _ name: String,
                                         curve: HDRReference.Curve = .pq) throws {
        let image = try ImageDecoder.original(from: data)
        // The greys as the standards draw them, computed apart from the app (`HDRReference`).
        let greys = try HDRReference.shownGreys(curve, codes: Self.pqCodes)
        for (index, code) in Self.pqCodes.enumerated() {
            let pixel = TestImages.pixel(of: image.texture.texture, x: 16 * index + 8, y: 8)
            let expected = Int(greys[index].rounded())
            for channel in [pixel.red, pixel.green, pixel.blue] {
                XCTAssertLessThanOrEqual(abs(Int(channel) - expected), tolerance, "\(name), code \(code): \(pixel) against \(expected)")
            }
        }
    }

    /// A PNG whose cICP says BT.2020 primaries and PQ: drawn tone-mapped, not as its codes
    /// (its 1,000 cd/m² grey is white, its 203 cd/m² grey light, not the mid grey its code is).
    func testAPQPNGIsToneMapped() throws {
        let folder = try TemporaryDirectory()
        let plain = try Data(contentsOf: URL(fileURLWithPath: try greyStrip(folder)))
        var tagged = plain.prefix(33) // signature and IHDR, then cICP, as the specification places it
        let body = Data("cICP".utf8) + Data([9, 16, 0, 1])
        tagged += Data([0, 0, 0, 4]) + body + withUnsafeBytes(of: CRC32.of(body).bigEndian) { Data($0) }
        tagged += plain.dropFirst(33)
        try assertShownAsToneMapped(tagged, within: 2, "PNG cICP 9/16/0/1")
    }

    /// An AVIF whose nclx says BT.2020 primaries and PQ (avifenc --cicp 9/16/9, near-lossless):
    /// libheif's loader hands over its codes, the facts bring the nclx, the pipeline tone-maps.
    func testAPQAVIFIsToneMapped() throws {
        let folder = try TemporaryDirectory()
        let source = try greyStrip(folder)
        let avif = folder.url.appendingPathComponent("strip.avif").path
        guard ExternalTool.succeeds("/usr/bin/avifenc", ["--cicp", "9/16/9", "--min", "0", "--max", "0", "-y", "444", source, avif]) else {
            throw TestRequirement.missing("needs avifenc (libavif-bin)")
        }
        try assertShownAsToneMapped(try Data(contentsOf: URL(fileURLWithPath: avif)), within: 4, "AVIF nclx 9/16/9")
    }

    /// JPEG XL files whose colour encoding is BT.2100 with PQ or with HLG (cjxl, lossless): the
    /// facts take the encoding, not libjxl's ICC profile of it, and the pipeline tone-maps.
    func testPQAndHLGJPEGXLAreToneMapped() throws {
        let folder = try TemporaryDirectory()
        let source = try greyStrip(folder)
        for (encoding, curve) in [("PeQ", HDRReference.Curve.pq), ("HLG", .hlg)] {
            let jxl = folder.url.appendingPathComponent("strip-\(encoding).jxl").path
            guard ExternalTool.succeeds("/usr/bin/cjxl", [source, jxl, "-d", "0", "-x", "color_space=RGB_D65_202_Rel_\(encoding)"]) else {
                throw TestRequirement.missing("needs cjxl (libjxl-tools)")
            }
            try assertShownAsToneMapped(try Data(contentsOf: URL(fileURLWithPath: jxl)), within: 2, "JPEG XL \(encoding)", curve: curve)
        }
    }

    /// Colours of a standard-range picture carried in BT.2100 PQ as BT.2408 places them (its
    /// white at 203 cd/m², BT.2020 primaries), in a 16-bit PNG with cICP 9/16/0/1 written by
    /// Python's own arithmetic: below the roll-off the screen shows the very colours the picture
    /// had, primaries converted by lcms against the arithmetic here.
    func testColoursBelowTheRollOffComeBackAsTheyWere() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("pq.png").path
        let colours = [[150, 60, 40], [40, 120, 60], [50, 70, 160], [120, 120, 120], [170, 150, 30]]
        let script = """
        import struct, sys, zlib
        colours = [[int(v) for v in c.split(",")] for c in sys.argv[2:]]
        def linear(v):
            v /= 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
        # linear sRGB (BT.709 primaries) to linear BT.2020 (BT.2087)
        M = [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]]
        m1, m2 = 2610 / 16384, 2523 / 4096 * 128
        c1, c2, c3 = 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
        def pq(nits):
            y = (max(nits, 0) / 10000) ** m1
            return ((c1 + c2 * y) / (1 + c3 * y)) ** m2
        pixels = []
        for colour in colours:
            rgb = [linear(v) for v in colour]
            wide = [sum(M[row][k] * rgb[k] for k in range(3)) for row in range(3)]
            pixels.append([round(65535 * pq(203 * v)) for v in wide])
        width, height = 16 * len(colours), 16
        rows = b""
        for y in range(height):
            rows += b"\\0" + b"".join(struct.pack(">3H", *pixels[x // 16]) for x in range(width))
        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 0))
        png += chunk(b"cICP", bytes([9, 16, 0, 1])) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
        open(sys.argv[1], "wb").write(png)
        """
        guard try TestImages.python(script, arguments: [path] + colours.map { $0.map(String.init).joined(separator: ",") }) else {
            throw TestRequirement.missing("needs /usr/bin/python3")
        }
        let image = try ImageDecoder.original(from: try Data(contentsOf: URL(fileURLWithPath: path)))
        for (index, colour) in colours.enumerated() {
            let pixel = TestImages.pixel(of: image.texture.texture, x: 16 * index + 8, y: 8)
            let shown = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
            let difference = zip(shown, colour).map { abs($0 - $1) }.max() ?? 255
            XCTAssertLessThanOrEqual(difference, 3, "\(colour) came back as \(shown)")
        }
    }

    /// An AVIF whose nclx names Display P3 (standard range) is converted from P3 as a PNG whose
    /// cICP says the same; before, its nclx went unread and it was shown as sRGB, dull.
    func testAnAVIFsNclxPrimariesAreApplied() throws {
        let folder = try TemporaryDirectory()
        let source = folder.url.appendingPathComponent("red.png").path
        guard try TestImages.python("from PIL import Image\nimport sys\nImage.new('RGB', (32, 32), (200, 40, 40)).save(sys.argv[1])",
                                    arguments: [source]) else { throw TestRequirement.missing("needs /usr/bin/python3 with PIL") }
        let avif = folder.url.appendingPathComponent("red.avif").path
        guard ExternalTool.succeeds("/usr/bin/avifenc", ["--cicp", "12/13/1", "--min", "0", "--max", "0", "-y", "444", source, avif]) else {
            throw TestRequirement.missing("needs avifenc (libavif-bin)")
        }
        let plain = try Data(contentsOf: URL(fileURLWithPath: source))
        let body = Data("cICP".utf8) + Data([12, 13, 0, 1])
        let tagged = plain.prefix(33) + Data([0, 0, 0, 4]) + body + withUnsafeBytes(of: CRC32.of(body).bigEndian) { Data($0) }
            + plain.dropFirst(33)
        let avifImage = try ImageDecoder.original(from: try Data(contentsOf: URL(fileURLWithPath: avif)))
        let pngImage = try ImageDecoder.original(from: tagged)
        let fromAVIF = TestImages.pixel(of: avifImage.texture.texture, x: 16, y: 16)
        let fromPNG = TestImages.pixel(of: pngImage.texture.texture, x: 16, y: 16)
        XCTAssertGreaterThan(Int(fromPNG.red), 205, "P3's red is redder than sRGB's: \(fromPNG)")
        for (a, b) in [(fromAVIF.red, fromPNG.red), (fromAVIF.green, fromPNG.green), (fromAVIF.blue, fromPNG.blue)] {
            XCTAssertLessThanOrEqual(abs(Int(a) - Int(b)), 3, "\(fromAVIF) against \(fromPNG)")
        }
    }
}
