import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// A detail region holds exactly the rows and columns it claims, whatever the JPEG looks like
/// inside: every decode scale 1/8–8/8, every chroma sampling cameras and encoders write, with
/// and without restart markers, regions touching each edge, in all 8 EXIF orientations.
///
/// The reference is the same file decoded whole at the same scale (libjpeg's own scaled decode,
/// no rows skipped): a region must equal that picture where it lies, row by row. Rows from the
/// wrong place (libjpeg-turbo's skip started inside an iMCU row once returned rows from before
/// it) differ by tens of levels, since every row of the fixture is different.
final class JPEGRegionMatrixTests: XCTestCase {
    private static let width = 333, height = 517 // no multiple of any MCU: partial MCUs at the edges

    /// Each sampling as cjpeg's `-sample` names it (luma factors; chroma is 1×1).
    private static let samplings = ["1x1": "4:4:4", "2x1": "4:2:2", "2x2": "4:2:0", "1x2": "4:4:0"]

    func testRegionsEqualTheWholeDecodeAtEveryScaleSamplingAndRestartInterval() throws {
        for (sample, name) in Self.samplings.sorted(by: { $0.key < $1.key }) {
            for restart in [false, true] {
                let data = try Self.cjpeg(sample: sample, restartRows: restart ? 1 : nil)
                for eighths in 1...8 {
                    try assertRegionsMatch(data, upright: PixelSize(width: Self.width, height: Self.height),
                                           eighths: eighths, case: "\(name) restart \(restart) \(eighths)/8")
                }
            }
        }
    }

    func testRegionsEqualTheWholeDecodeInEveryOrientationAtScaledSizes() throws {
        for orientation in 1...8 {
            let data = try Self.pilJPEG(orientation: orientation)
            let turns = (5...8).contains(orientation)
            let upright = turns ? PixelSize(width: Self.height, height: Self.width)
                : PixelSize(width: Self.width, height: Self.height)
            for eighths in [3, 5, 6, 7, 8] {
                try assertRegionsMatch(data, upright: upright, eighths: eighths,
                                       case: "orientation \(orientation) \(eighths)/8")
            }
        }
    }

    /// A sequential JPEG with one scan per component (not progressive) needs the whole image's
    /// coefficients, as progressive files do: it is decoded whole, never called damaged.
    func testAMultiScanSequentialJPEGFallsBackToTheWholeDecode() throws {
        let data = try Self.cjpeg(sample: "2x2", restartRows: nil, scanScript: "0;\n1;\n2;\n")
        let asked = DetailRegion(x: 20, y: 400, width: 100, height: 117, devicePixelsPerSourcePixel: 1)
        let detail = try ImageDecoder.fullDetail(from: data, covering: asked)
        XCTAssertEqual(detail.pixelSize, PixelSize(width: Self.width, height: Self.height), "decoded whole")
        XCTAssertTrue(detail.covers(asked))
    }

    // MARK: Checking

    private func assertRegionsMatch(_ data: Data, upright: PixelSize, eighths: Int, case label: String) throws {
        let zoom = Double(eighths) / 8
        let whole = try ImageDecoder.fullDetail(
            from: data, covering: DetailRegion(x: 0, y: 0, width: Double(upright.width), height: Double(upright.height),
                                               devicePixelsPerSourcePixel: zoom))
        XCTAssertEqual(whole.scale, zoom, label)
        XCTAssertEqual(whole.origin.x, 0, label)
        XCTAssertEqual(whole.origin.y, 0, label)
        let reference = DetailPixels(whole)
        let w = Double(upright.width), h = Double(upright.height)
        let regions: [(String, DetailRegion)] = [
            ("bottom edge", DetailRegion(x: 40, y: h - 90, width: 150, height: 90, devicePixelsPerSourcePixel: zoom)),
            ("right edge", DetailRegion(x: w - 70, y: 200, width: 70, height: 100, devicePixelsPerSourcePixel: zoom)),
            ("top-left corner", DetailRegion(x: 0, y: 0, width: 100, height: 60, devicePixelsPerSourcePixel: zoom)),
            ("bottom-right corner", DetailRegion(x: w - 61, y: h - 77, width: 61, height: 77, devicePixelsPerSourcePixel: zoom)),
            ("middle", DetailRegion(x: (w * 0.31).rounded(), y: (h * 0.43).rounded(), width: 77, height: 97,
                                    devicePixelsPerSourcePixel: zoom)),
        ]
        for (place, asked) in regions {
            let region = try ImageDecoder.fullDetail(from: data, covering: asked)
            let where_ = "\(label), \(place)"
            XCTAssertEqual(region.scale, zoom, where_)
            XCTAssertTrue(region.covers(asked), "\(where_): holds \(region.sourceRegion)")
            XCTAssertLessThan(region.pixelSize.pixels, whole.pixelSize.pixels, "\(where_): only the region")
            let rows = rowDifferences(DetailPixels(region), reference)
            let worst = rows.enumerated().max { $0.element < $1.element }
            XCTAssertLessThan(worst?.element ?? 0, 3, "\(where_): row \(worst?.offset ?? -1) of the region differs")
            XCTAssertLessThan(rows.reduce(0, +) / Double(max(1, rows.count)), 1.5, where_)
        }
    }

    /// For each row of `region`, the mean absolute difference per channel from the same place of
    /// `whole` (both at one scale, so pixel for pixel).
    private func rowDifferences(_ region: DetailPixels, _ whole: DetailPixels) -> [Double] {
        let held = region.detail
        return (0..<held.pixelSize.height).map { y in
            var total = 0
            for x in 0..<held.pixelSize.width {
                let a = region.at(x, y), b = whole.at(held.origin.x + x, held.origin.y + y)
                total += abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1)) + abs(Int(a.2) - Int(b.2))
            }
            return Double(total) / Double(3 * held.pixelSize.width)
        }
    }

    // MARK: Fixtures, made by real encoders

    /// Every row and column its own: red counts rows, green columns (each modulo a prime, so no
    /// two nearby rows match), blue is noise.
    private static let patternScript = """
    import random, sys
    from PIL import Image
    width, height = int(sys.argv[2]), int(sys.argv[3])
    random.seed(7)
    image = Image.new("RGB", (width, height))
    image.putdata([((y * 37) % 251, (x * 23) % 241, random.randrange(256)) for y in range(height) for x in range(width)])
    """

    /// Written by libjpeg-turbo's `cjpeg` (Debian `libjpeg-turbo-progs`): PIL cannot write 4:4:0
    /// or restart markers.
    private static func cjpeg(sample: String, restartRows: Int?, scanScript: String? = nil) throws -> Data {
        let folder = try TemporaryDirectory()
        let ppm = folder.url.appendingPathComponent("pattern.ppm").path
        guard try TestImages.python(patternScript + "\nimage.save(sys.argv[1])\n",
                                    arguments: [ppm, String(width), String(height)]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL")
        }
        let output = folder.url.appendingPathComponent("pattern.jpg").path
        var arguments = ["-quality", "95", "-sample", sample, "-outfile", output]
        if let restartRows { arguments += ["-restart", String(restartRows)] }
        if let scanScript {
            let script = folder.url.appendingPathComponent("scans.txt")
            try scanScript.write(to: script, atomically: true, encoding: .utf8)
            arguments += ["-scans", script.path]
        }
        try run("/usr/bin/cjpeg", arguments + [ppm])
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// 4:2:0 (what cameras write), tagged with EXIF `orientation`, written by PIL.
    private static func pilJPEG(orientation: Int) throws -> Data {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("turned.jpg").path
        let save = """
        exif = Image.Exif()
        exif[0x0112] = int(sys.argv[4])
        image.save(sys.argv[1], "JPEG", exif=exif.tobytes(), quality=95, subsampling=2)

        """
        guard try TestImages.python(patternScript + "\n" + save,
                                    arguments: [path, String(width), String(height), String(orientation)]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL")
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw TestRequirement.missing("needs \(tool) (Debian libjpeg-turbo-progs; tools/test installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments.joined(separator: " "))")
    }
}
