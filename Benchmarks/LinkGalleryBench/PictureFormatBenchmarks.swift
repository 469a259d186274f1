import Foundation
import GalleryCore

/// What colour management and the phone formats cost (issue 22): tagged pictures against the
/// same pixels untagged, in the same process; HEIC and AVIF thumbnails against the desktop's
/// own thumbnailers on the same file; a zoom to 79 % at the bottom of a 50 MP photo against the
/// whole photo at the same scale; and, given an older build, an untagged thumbnail before/after.
enum PictureFormatBenchmarks {
    static let explanation = """
        Tagged rows: `ImageDecoder.thumbnail` / `original(fitting: 1920×1080)` on a photo-like \
        picture tagged with ProPhoto RGB (`rommrgb.icc`), against the same picture untagged (the \
        ratio is what finding and applying the profile adds). Phone rows: the app's thumbnail as a \
        process (`link-gallery-bench thumbnail`) against `heif-thumbnailer -s \(BenchContext.thumbnailSide)` \
        and `vipsthumbnail` on the same 12 MP file (encoded with `heif-enc -q 90` / `avifenc -s 10`). \
        Zoom row: `ImageDecoder.fullDetail` of the region a 1920×1080 window shows at 79 % at the \
        bottom of a 50 MP JPEG (plus the viewer's half-screen margin), against the whole photo at \
        the same 7/8 scale. Before/after: set `LINK_GALLERY_BENCH_BASELINE` to an older \
        `link-gallery-bench` to time its `thumbnail` of the untagged 12 MP JPEG beside this one's.
        """

    static let prophoto = URL(fileURLWithPath: "/usr/share/color/icc/ghostscript/rommrgb.icc")
    static let photo = TestJPEG.twelveMegapixels

    static var rows: [BenchmarkSuite.Row] {
        [
            { taggedVersusUntagged("12 MP JPEG", type: "jpeg", size: photo, screen: false, $0) },
            { taggedVersusUntagged("12 MP JPEG", type: "jpeg", size: photo, screen: true, $0) },
            { taggedVersusUntagged("4 MP PNG", type: "png", size: TestJPEG.Size(width: 2400, height: 1600), screen: false, $0) },
            { phoneFormat("heic", reference: "heif-thumbnailer", $0) },
            { phoneFormat("heic", reference: "vipsthumbnail", $0) },
            { phoneFormat("avif", reference: "vipsthumbnail", $0) },
            zoomToSeventyNinePercent,
            untaggedBeforeAfter,
        ]
    }

    private static func picture(_ type: String, _ size: TestJPEG.Size, tagged: Bool, _ context: BenchContext) throws -> URL {
        try context.remember("picture \(type) \(size.label) \(tagged)") {
            let url = context.workFolder.appendingPathComponent("\(tagged ? "prophoto" : "plain")-\(size.label).\(type)")
            printError("making \(url.lastPathComponent)")
            try TestJPEG.write(size, to: url, type: type, iccProfile: tagged ? try Data(contentsOf: prophoto) : nil)
            return url
        }
    }

    static func taggedVersusUntagged(_ label: String, type: String, size: TestJPEG.Size, screen: Bool,
                                     _ context: BenchContext) -> BenchmarkRow {
        let name = "\(label) tagged ProPhoto, \(screen ? "screen-sized page" : "thumbnail")"
        return BenchmarkRow.attempt(name) {
            let tagged = try Data(contentsOf: try picture(type, size, tagged: true, context))
            let plain = try Data(contentsOf: try picture(type, size, tagged: false, context))
            func decode(_ data: Data) throws(LoadError) {
                if screen {
                    _ = try ImageDecoder.original(from: data, fitting: PixelSize(width: 1920, height: 1080))
                } else {
                    _ = try ImageDecoder.thumbnail(from: data, side: BenchContext.thumbnailSide)
                }
            }
            // Alternated, so drift on a busy machine lands on both.
            var appSamples: [Duration] = [], referenceSamples: [Duration] = []
            try decode(tagged)
            try decode(plain)
            for _ in 0..<context.runs {
                appSamples.append(try ContinuousClock().measure { try decode(tagged) })
                referenceSamples.append(try ContinuousClock().measure { try decode(plain) })
            }
            return BenchmarkRow(name: name, app: Timing(samples: appSamples), reference: Timing(samples: referenceSamples),
                                referenceName: "same pixels untagged", note: "in-process, bytes in memory")
        }
    }

    static func phoneFormat(_ format: String, reference: String, _ context: BenchContext) -> BenchmarkRow {
        let name = "12 MP \(format.uppercased()) thumbnail, app as a process"
        return BenchmarkRow.attempt(name) {
            guard let tool = context.tool(reference) else { return .unavailable(name, because: "\(reference) not installed") }
            guard let input = try phonePicture(format, context) else {
                return .unavailable(name, because: "heif-enc / avifenc not installed")
            }
            let app = try ProcessMeasurement(
                runs: context.runs, [context.benchExecutable, "thumbnail", input.path, context.outputPath("app-\(format).png")],
                context: context)
            let side = String(BenchContext.thumbnailSide)
            let arguments = reference == "vipsthumbnail"
                ? [tool, "-s", "\(side)x\(side)", "--smartcrop", "centre", "-o", context.outputPath("vips-\(format).png"), input.path]
                : [tool, "-s", side, input.path, context.outputPath("heif-thumbnailer.png")]
            let measured = try ProcessMeasurement(runs: context.runs, arguments, context: context)
            return BenchmarkRow(name: name, app: app.timing, reference: measured.timing, referenceName: reference,
                                note: ProcessMeasurement.memoryNote(app: app.peakMemoryMiB, reference: measured.peakMemoryMiB))
        }
    }

    private static func phonePicture(_ format: String, _ context: BenchContext) throws -> URL? {
        let source = try picture("png", photo, tagged: false, context)
        let output = context.workFolder.appendingPathComponent("phone.\(format)")
        return try context.made(output, by: format == "heic" ? ["heif-enc", "-q", "90", "-o", output.path, source.path]
            : ["avifenc", "-s", "10", source.path, output.path])
    }

    static func zoomToSeventyNinePercent(_ context: BenchContext) -> BenchmarkRow {
        let name = "50 MP JPEG zoomed to 79 % at its bottom edge, detail decode"
        return BenchmarkRow.attempt(name) {
            let size = TestJPEG.Size(width: 8660, height: 5773)
            let data = try Data(contentsOf: try context.jpeg(size))
            let zoom = 0.79
            let width = 1920 / zoom, height = 1080 / zoom
            let visible = DetailRegion(x: (Double(size.width) - width) / 2, y: Double(size.height) - height,
                                       width: width, height: height, devicePixelsPerSourcePixel: zoom)
            let asked = visible.expanded(by: 0.5, within: PixelSize(width: size.width, height: size.height))
            let whole = DetailRegion(x: 0, y: 0, width: Double(size.width), height: Double(size.height),
                                     devicePixelsPerSourcePixel: zoom)
            let app = try Timing.measure(runs: context.runs) { () throws(LoadError) in
                _ = try ImageDecoder.fullDetail(from: data, covering: asked)
            }
            let reference = try Timing.measure(runs: context.runs) { () throws(LoadError) in
                _ = try ImageDecoder.fullDetail(from: data, covering: whole)
            }
            return BenchmarkRow(name: name, app: app, reference: reference, referenceName: "whole photo at 7/8",
                                note: "in-process; region = screen + half a screen each side")
        }
    }

    static func untaggedBeforeAfter(_ context: BenchContext) -> BenchmarkRow {
        let name = "12 MP untagged JPEG thumbnail, as a process: this build vs an older one"
        return BenchmarkRow.attempt(name) {
            guard let baseline = ProcessInfo.processInfo.environment["LINK_GALLERY_BENCH_BASELINE"] else {
                return .unavailable(name, because: "LINK_GALLERY_BENCH_BASELINE not set")
            }
            let input = try context.jpeg(photo).path
            // Alternated run by run, so both see the same machine.
            let now = [context.benchExecutable, "thumbnail", input, context.outputPath("now.png")]
            let older = [baseline, "thumbnail", input, context.outputPath("before.png")]
            try SpawnedProcess.run(now)
            try SpawnedProcess.run(older)
            var app: [Duration] = [], before: [Duration] = []
            for _ in 0..<max(3, context.runs) {
                app.append(try ContinuousClock().measure { try SpawnedProcess.run(now) })
                before.append(try ContinuousClock().measure { try SpawnedProcess.run(older) })
            }
            return BenchmarkRow(name: name, app: Timing(samples: app), reference: Timing(samples: before),
                                referenceName: "before (\(URL(fileURLWithPath: baseline).lastPathComponent))",
                                note: "must be unchanged: untagged pictures pay only the scan for a profile")
        }
    }
}
