import Foundation
import GalleryCore

/// The app's thumbnail path (`ImageDecoder.thumbnail`: gdk-pixbuf decode with JPEG DCT
/// downscaling, EXIF orientation, PNG encode, GdkTexture) against the two thumbnailers a Linux
/// desktop already has, on the same files and to the same size.
enum ThumbnailBenchmarks {
    static let explanation = """
        App: `ImageDecoder.thumbnail(side: \(side))` (the middle \(side) px square, as a grid tile \
        shows it) on bytes already in memory, or the same call as a process \
        (`link-gallery-bench thumbnail IN OUT`, file read and PNG write included). References are \
        processes: `vipsthumbnail -s \(side)x\(side) --smartcrop centre -o OUT.png IN` (the same \
        square) and `gdk-pixbuf-thumbnailer -s \(side) IN OUT.png` (no crop: \(side) px on the longest side), \
        process start included. Target for \
        app ÷ vips: ≤ 1.5×. Peak RSS from `/usr/bin/time -f %M` in one extra run.
        """

    private static var side: String { String(BenchContext.thumbnailSide) }

    /// How much of each process row is only starting the process.
    static func processStart(_ context: BenchContext) -> BenchmarkRow {
        let name = "Process start, no work (`link-gallery-bench startup`)"
        return BenchmarkRow.attempt(name) {
            guard let vips = context.tool("vipsthumbnail") else { return .unavailable(name, because: "vipsthumbnail not installed") }
            let app = try ProcessMeasurement(runs: context.runs, [context.benchExecutable, "startup"], context: context)
            let reference = try ProcessMeasurement(runs: context.runs, [vips, "--version"], context: context)
            return BenchmarkRow(name: name, app: app.timing, reference: reference.timing, referenceName: "`vipsthumbnail --version`",
                                note: ProcessMeasurement.memoryNote(app: app.peakMemoryMiB, reference: reference.peakMemoryMiB))
        }
    }

    static func inProcessVersusVips(_ size: TestJPEG.Size, _ context: BenchContext) -> BenchmarkRow {
        let name = "\(size.label) JPEG, app in-process"
        return BenchmarkRow.attempt(name) {
            guard let vips = try vipsMeasurement(size, context) else { return .unavailable(name, because: "vipsthumbnail not installed") }
            let data = try Data(contentsOf: try context.jpeg(size))
            var produced = 0
            let app = try Timing.measure(runs: context.runs) { () throws(LoadError) in
                produced = try ThumbnailPNG.encode(ImageDecoder.thumbnail(from: data, side: BenchContext.thumbnailSide)).count
            }
            return BenchmarkRow(name: name, app: app, reference: vips.timing, referenceName: "vipsthumbnail",
                                note: "bytes in memory, no process start; PNG \(produced / 1024) KiB")
        }
    }

    static func processVersusVips(_ size: TestJPEG.Size, _ context: BenchContext) -> BenchmarkRow {
        let name = "\(size.label) JPEG, app as a process"
        return BenchmarkRow.attempt(name) {
            guard let vips = try vipsMeasurement(size, context) else { return .unavailable(name, because: "vipsthumbnail not installed") }
            let app = try appProcessMeasurement(size, context)
            return BenchmarkRow(name: name, app: app.timing, reference: vips.timing, referenceName: "vipsthumbnail",
                                note: ProcessMeasurement.memoryNote(app: app.peakMemoryMiB, reference: vips.peakMemoryMiB))
        }
    }

    static func processVersusGdkPixbufThumbnailer(_ size: TestJPEG.Size, _ context: BenchContext) -> BenchmarkRow {
        let name = "\(size.label) JPEG, app as a process"
        return BenchmarkRow.attempt(name) {
            guard let thumbnailer = context.tool("gdk-pixbuf-thumbnailer") else {
                return .unavailable(name, because: "gdk-pixbuf-thumbnailer not installed")
            }
            let input = try context.jpeg(size).path
            let app = try appProcessMeasurement(size, context)
            let reference = try ProcessMeasurement(
                runs: context.runs, [thumbnailer, "-s", side, input, context.outputPath("gdk-pixbuf-thumbnailer.png")], context: context
            )
            return BenchmarkRow(name: name, app: app.timing, reference: reference.timing, referenceName: "gdk-pixbuf-thumbnailer",
                                note: ProcessMeasurement.memoryNote(app: app.peakMemoryMiB, reference: reference.peakMemoryMiB))
        }
    }

    private static func vipsMeasurement(_ size: TestJPEG.Size, _ context: BenchContext) throws -> ProcessMeasurement? {
        guard let vips = context.tool("vipsthumbnail") else { return nil }
        let measured: ProcessMeasurement = try context.remember("vipsthumbnail \(size.label)") {
            let input = try context.jpeg(size).path
            return try ProcessMeasurement(
                runs: context.runs, [vips, "-s", "\(side)x\(side)", "--smartcrop", "centre", "-o", context.outputPath("vips.png"), input], context: context
            )
        }
        return measured
    }

    private static func appProcessMeasurement(_ size: TestJPEG.Size, _ context: BenchContext) throws -> ProcessMeasurement {
        try context.remember("app process \(size.label)") {
            let input = try context.jpeg(size).path
            return try ProcessMeasurement(
                runs: context.runs, [context.benchExecutable, "thumbnail", input, context.outputPath("app.png")], context: context
            )
        }
    }
}
