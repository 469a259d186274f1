import Foundation
import GalleryCore

/// What the formats of issue 43 cost, in this process (the decoders' own work): a 24 MP JPEG XL
/// page against the same picture as JPEG; a 12 MP DNG page (developed from every other
/// photosite) against its full development; a 12 MP RAF's thumbnail (the camera's preview)
/// against its full development; an animated AVIF's frames against its first frame alone, as
/// frames decoded per second.
enum NewFormatBenchmarks {
    static let explanation = """
        JPEG XL row: `ImageDecoder.original(fitting: 1920×1080)` of a 24 MP picture encoded by \
        `cjxl -q 90`, against the same pixels as a quality-90 JPEG (libjpeg scales while it \
        decodes; libjxl decodes whole, then the picture is scaled). DNG row: a 12 MP CFA DNG (made \
        by `Tests/Fixtures/dng_fixture.py`) as a screen-sized page (LibRaw's half-size \
        development) against its full development (`fullDetail`). RAF row: a 12 MP Fujifilm RAF \
        with the camera's 1920×1440 JPEG preview (made by `Tests/Fixtures/raf_fixture.py`), its \
        grid thumbnail against its full development. AVIF row: a 30-frame 640×480 \
        sequence (`avifenc -c rav1e`: aom's encoder asserts on sequences at speed 10) played (every frame decoded) against its first frame alone.
        """

    static var rows: [BenchmarkSuite.Row] { [jpegXLPage, dngPage, rafThumbnail, animatedAVIF] }

    private static let screen = PixelSize(width: 1920, height: 1080)

    /// The path of a fixture script of the tests' (`Tests/Fixtures`), which makes camera files.
    private static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/" + name).path
    }

    static func jpegXLPage(_ context: BenchContext) -> BenchmarkRow {
        let name = "24 MP JPEG XL, screen-sized page"
        return BenchmarkRow.attempt(name) {
            let size = TestJPEG.twentyFourMegapixels
            let png = context.workFolder.appendingPathComponent("jxl-source.png")
            if !FileManager.default.fileExists(atPath: png.path) { try TestJPEG.write(size, to: png, type: "png", iccProfile: nil) }
            let output = context.workFolder.appendingPathComponent("picture.jxl")
            guard let jxlFile = try context.made(output, by: ["cjxl", "-q", "90", png.path, output.path]) else {
                return .unavailable(name, because: "cjxl (libjxl-tools) not installed")
            }
            let jxl = try Data(contentsOf: jxlFile), jpeg = try Data(contentsOf: try context.jpeg(size))
            let app = try Timing.measure(runs: context.runs) { () throws(LoadError) in _ = try ImageDecoder.original(from: jxl, fitting: screen) }
            let reference = try Timing.measure(runs: context.runs) { () throws(LoadError) in _ = try ImageDecoder.original(from: jpeg, fitting: screen) }
            return BenchmarkRow(name: name, app: app, reference: reference, referenceName: "same picture as JPEG", note: "in-process")
        }
    }

    static func dngPage(_ context: BenchContext) -> BenchmarkRow {
        let name = "12 MP DNG, screen-sized page"
        return BenchmarkRow.attempt(name) {
            let output = context.workFolder.appendingPathComponent("camera.dng")
            guard let dngFile = try context.made(output, by: ["python3", fixture("dng_fixture.py"), output.path, "4000", "3000", "1"]) else {
                return .unavailable(name, because: "python3 could not make the DNG")
            }
            let dng = try Data(contentsOf: dngFile)
            let app = try Timing.measure(runs: context.runs) { () throws(LoadError) in _ = try ImageDecoder.original(from: dng, fitting: screen) }
            let reference = try Timing.measure(runs: context.runs) { () throws(LoadError) in _ = try ImageDecoder.fullDetail(from: dng) }
            return BenchmarkRow(name: name, app: app, reference: reference, referenceName: "full development",
                                note: "in-process; LibRaw's AHD demosaic")
        }
    }

    static func rafThumbnail(_ context: BenchContext) -> BenchmarkRow {
        let name = "12 MP RAF, grid thumbnail"
        return BenchmarkRow.attempt(name) {
            let output = context.workFolder.appendingPathComponent("camera.raf")
            let command = ["/usr/bin/python3", fixture("raf_fixture.py"), output.path, "4000", "3000", "--preview", "1920", "1440"]
            guard let rafFile = try context.made(output, by: command) else {
                return .unavailable(name, because: "python3 (with PIL) could not make the RAF")
            }
            let raf = try Data(contentsOf: rafFile)
            let app = try Timing.measure(runs: context.runs) { () throws(LoadError) in _ = try ImageDecoder.thumbnail(from: raf) }
            let reference = try Timing.measure(runs: context.runs) { () throws(LoadError) in _ = try ImageDecoder.fullDetail(from: raf) }
            return BenchmarkRow(name: name, app: app, reference: reference, referenceName: "full development",
                                note: "in-process; the camera's JPEG preview")
        }
    }

    static func animatedAVIF(_ context: BenchContext) -> BenchmarkRow {
        let name = "30-frame 640×480 AVIF sequence, every frame"
        return BenchmarkRow.attempt(name) {
            var frames: [String] = []
            for index in 0..<30 {
                let frame = context.workFolder.appendingPathComponent("frame\(index).png")
                if !FileManager.default.fileExists(atPath: frame.path) {
                    try TestJPEG.write(TestJPEG.Size(width: 640, height: 480), to: frame, type: "png", iccProfile: nil)
                }
                frames.append(frame.path)
            }
            let output = context.workFolder.appendingPathComponent("sequence.avif")
            guard let avifFile = try context.made(output, by: ["avifenc", "-c", "rav1e", "-s", "10", "--fps", "30"] + frames + [output.path]) else {
                return .unavailable(name, because: "avifenc (libavif-bin) missing or failed")
            }
            let avif = try Data(contentsOf: avifFile)
            var frameCount = 0
            let app = try Timing.measure(runs: context.runs) { () throws(LoadError) in
                frameCount = try ImageDecoder.original(from: avif, fitting: screen).animation?.frames.count ?? 1
            }
            let reference = try Timing.measure(runs: context.runs) { () throws(LoadError) in _ = try ImageDecoder.thumbnail(from: avif, side: 480) }
            let perSecond = Double(frameCount) / max(app.medianMilliseconds / 1000, 0.001)
            return BenchmarkRow(name: name, app: app, reference: reference, referenceName: "its first frame",
                                note: String(format: "in-process; %d frames, %.0f frames decoded a second", frameCount, perSecond))
        }
    }
}
