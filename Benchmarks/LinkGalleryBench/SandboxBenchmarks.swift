import CGtk
import Foundation
import GalleryCore

/// What running decoders in the sandbox costs (issue 23): the same thumbnails decoded by the
/// warm worker pool and in this process, two at a time as on the app's two cores; what a
/// worker's start costs; and what the pool holds in memory.
enum SandboxBenchmarks {
    static let explanation = """
        Rows time `ImageDecoder.thumbnail` over a gallery of pictures (640×480 photo-like, the \
        formats named; and 12-megapixel photos) from two threads at once, with \
        `DecoderIsolation.current` `.sandboxed` (the warm pool of bubblewrap workers, as the app \
        runs: every format) against `.inProcess` (the same `PicturePipeline` steps in this \
        process). Target: ≤ 1.1×. The start row is the first decode of a fresh process \
        (`link-gallery-bench thumbnail` on a JPEG, which starts a worker) against the same \
        JPEG decoded in that process (`thumbnail-here`). Memory: the pool's resident set after \
        the rows.
        """

    static var rows: [BenchmarkSuite.Row] {
        [
            { gallery("60 GIF, WebP and SVG thumbnails, 2 threads", formats: ["gif", "webp", "svg"], count: 60, $0) },
            { gallery("60 GIF, WebP, BMP and TIFF thumbnails, 2 threads", formats: ["gif", "webp", "bmp", "tiff"], count: 60, $0) },
            { gallery("60 JPEG and PNG thumbnails, 2 threads", formats: ["jpeg", "png"], count: 60, $0) },
            { gallery("8 JPEG photos of 12 MP, thumbnails, 2 threads", formats: ["jpeg"], count: 8, size: TestJPEG.twelveMegapixels, $0) },
            workerStart,
            poolMemory,
        ]
    }

    private static func pictures(_ formats: [String], count: Int, size: TestJPEG.Size?, _ context: BenchContext) throws -> [Data] {
        try context.remember("sandbox gallery \(formats) \(count) \(size.map { "\($0.width)x\($0.height)" } ?? "")") {
            try (0..<count).map { index in
                let format = formats[index % formats.count]
                if format == "svg" { return svg(index) }
                let size = size.map { TestJPEG.Size(width: $0.width + index, height: $0.height) }
                    ?? TestJPEG.Size(width: 640 + index, height: 480)
                let url = context.workFolder.appendingPathComponent("sandbox-\(index).\(format == "tiff" ? "tif" : format)")
                guard format == "gif" else {
                    try TestJPEG.write(size, to: url, type: format, iccProfile: nil)
                    return try Data(contentsOf: url)
                }
                return try gif(size, at: url, context)
            }
        }
    }

    /// gdk-pixbuf cannot write GIF: PIL turns the same picture into one (256 colours).
    private static func gif(_ size: TestJPEG.Size, at url: URL, _ context: BenchContext) throws -> Data {
        let png = url.deletingPathExtension().appendingPathExtension("png")
        try TestJPEG.write(size, to: png, type: "png", iccProfile: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).convert('P').save(sys.argv[2])",
                             png.path, url.path]
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: url)
    }

    /// A chart-like SVG: gradients, paths and text, as sites use them.
    private static func svg(_ index: Int) -> Data {
        let bars = (0..<24).map { bar in
            "<rect x=\"\(bar * 26 + 10)\" y=\"\(300 - (bar * 37 + index) % 250)\" width=\"20\" height=\"\((bar * 37 + index) % 250)\" fill=\"url(#g)\"/>"
        }.joined()
        return Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">
            <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a7"/>\
            <stop offset="1" stop-color="#147"/></linearGradient></defs>
            <rect width="640" height="320" fill="#fafafa"/>\(bars)
            <path d="M10 300 Q 160 \(40 + index) 320 160 T 630 60" stroke="#c33" stroke-width="4" fill="none"/>
            <text x="20" y="30" font-size="20">Chart \(index)</text></svg>
            """.utf8)
    }

    static func gallery(_ name: String, formats: [String], count: Int, size: TestJPEG.Size? = nil,
                        _ context: BenchContext) -> BenchmarkRow {
        BenchmarkRow.attempt(name) {
            let inputs = try pictures(formats, count: count, size: size, context)
            @Sendable func fill() {
                let next = Counter()
                // Two decoding threads, as the app's decode threads on two cores.
                DispatchQueue.concurrentPerform(iterations: 2) { _ in
                    while let index = next.take(below: inputs.count) {
                        _ = try? ImageDecoder.thumbnail(from: inputs[index], side: BenchContext.thumbnailSide)
                    }
                }
            }
            var sandboxed: [Duration] = [], inProcess: [Duration] = []
            DecoderIsolation.current = .sandboxed
            fill() // warm: the pool starts
            for _ in 0..<context.runs {
                DecoderIsolation.current = .sandboxed
                sandboxed.append(ContinuousClock().measure(fill))
                DecoderIsolation.current = .inProcess
                inProcess.append(ContinuousClock().measure(fill))
            }
            DecoderIsolation.current = .sandboxed
            return BenchmarkRow(name: name, app: Timing(samples: sandboxed), reference: Timing(samples: inProcess),
                                referenceName: "in-process",
                                note: "bubblewrap: \(DecoderSandboxStatus.usesBubblewrap), workers started: \(DecoderSandboxStatus.workersStarted)")
        }
    }

    static func workerStart(_ context: BenchContext) -> BenchmarkRow {
        let name = "First picture of a fresh process: a JPEG in a worker (starts it) vs decoded in the process"
        return BenchmarkRow.attempt(name) {
            let jpeg = try context.jpeg(TestJPEG.thumbnailLike)
            let app = try ProcessMeasurement(runs: context.runs,
                                             [context.benchExecutable, "thumbnail", jpeg.path, context.outputPath("start-worker.png")],
                                             context: context)
            let reference = try ProcessMeasurement(runs: context.runs,
                                                   [context.benchExecutable, "thumbnail-here", jpeg.path, context.outputPath("start-here.png")],
                                                   context: context)
            return BenchmarkRow(name: name, app: app.timing, reference: reference.timing, referenceName: "in-process",
                                note: "the difference is one worker's start (bubblewrap, the app's startup, gdk-pixbuf), once a run")
        }
    }

    static func poolMemory(_ context: BenchContext) -> BenchmarkRow {
        let name = "The pool's resident memory after the gallery rows"
        let mebibytes = Double(DecoderSandboxStatus.residentBytes) / 1_048_576
        return BenchmarkRow(name: name, app: String(format: "%.0f MiB", mebibytes), reference: "—", ratio: "—",
                            note: "all workers together (VmRSS), idle")
    }
}

/// Hands out indices to worker threads.
private final class Counter: @unchecked Sendable { // `value` under `lock`
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}
