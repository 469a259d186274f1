import CShims
import Foundation
import GalleryCore

/// Parsing and classifying a links file against floors that do less: splitting the same bytes
/// into decoded lines (the least any parser must do), and awk picking out http(s) lines.
enum LinksBenchmarks {
    static let explanation = """
        App: `LinksDocument.make(from:)` (split, trim, decode, then `LinkClassifier.classify` per \
        line: scheme, host and port checks, IDNA host via GLib, percent-encoding; Foundation's \
        `URL` parser only for lines it rewrote or whose host Foundation reads) on a generated file in \
        memory. Mix: 60 % search-thumbnail URLs (`…gstatic.com/images?q=tbn:…`), 20 % `.jpg` \
        links, 5 % HTML pages, 5 % plain text, 5 % blank, 3 % other images, 2 % non-ASCII. \
        Floor: find each LF in the same bytes and decode each line into a `String` kept in an \
        array, nothing else (no trimming, CR, BOM or classifying). awk: `awk '/^[ \\t]*[Hh][Tt][Tt][Pp][Ss]?:\\/\\/[^\\/?# \\t]+/ {n++}'` over the \
        file, process start included — a crude classifier that checks nothing. `URL(string:)`: \
        Foundation's parser alone on every parsed line.
        """

    static func parseAndClassifyVersusFloor(_ lines: Int, _ context: BenchContext) -> BenchmarkRow {
        let name = "Parse + classify \(lines.formatted()) lines"
        return BenchmarkRow.attempt(name) {
            let data = try Data(contentsOf: try context.linksFile(lines: lines))
            let app = context.remember("classify \(lines)") {
                Timing.measure(runs: context.runs) { sink(LinksDocument.make(from: data).count) }
            }
            let floor = floorTiming(data, lines, context)
            return BenchmarkRow(name: name, app: app, reference: floor, referenceName: "floor",
                                note: "\(linesPerSecond(lines, app)) lines/s (floor \(linesPerSecond(lines, floor)))")
        }
    }

    static func parseOnlyVersusFloor(_ lines: Int, _ context: BenchContext) -> BenchmarkRow {
        let name = "Parse only (`LinksFileParser`), \(lines.formatted()) lines"
        return BenchmarkRow.attempt(name) {
            let data = try Data(contentsOf: try context.linksFile(lines: lines))
            let app = Timing.measure(runs: context.runs) { sink(LinksFileParser.parse(data).count) }
            let floor = floorTiming(data, lines, context)
            return BenchmarkRow(name: name, app: app, reference: floor, referenceName: "floor",
                                note: "\(linesPerSecond(lines, app)) lines/s; the rest of the row above is classifying")
        }
    }

    /// Classifying against Foundation's URL parser alone on the same lines: what reading the
    /// list as `URL`s and checking nothing else would cost. `keepingURLs`: the URLs are kept in
    /// an array, as a list must keep its entries, instead of each being freed before the next
    /// is made.
    static func parseAndClassifyVersusURLParsing(_ lines: Int, keepingURLs: Bool = false, _ context: BenchContext) -> BenchmarkRow {
        let name = "Parse + classify \(lines.formatted()) lines"
        return BenchmarkRow.attempt(name) {
            let data = try Data(contentsOf: try context.linksFile(lines: lines))
            let app = context.remember("classify \(lines)") {
                Timing.measure(runs: context.runs) { sink(LinksDocument.make(from: data).count) }
            }
            let texts = LinksFileParser.parse(data).map(\.text)
            let reference = Timing.measure(runs: context.runs) {
                if keepingURLs {
                    sink(texts.map { URL(string: $0) }.count)
                } else {
                    sink(texts.reduce(0) { $0 + (URL(string: $1) == nil ? 0 : 1) })
                }
            }
            return BenchmarkRow(name: name, app: app, reference: reference,
                                referenceName: keepingURLs ? "`URL(string:)` per parsed line, kept" : "`URL(string:)` per parsed line",
                                note: keepingURLs ? "the URLs kept in an array, as the list holds them"
                                    : "Foundation's URL parser alone, on the already parsed lines")
        }
    }

    /// The heap a list holds once read (entries, their lines and addresses), against the file's
    /// own size: what a list costs for as long as it is shown. glibc's count of bytes in use,
    /// before and after, in this process.
    static func heldListVersusFileSize(_ lines: Int, _ context: BenchContext) -> BenchmarkRow {
        let name = "Heap held by a list of \(lines.formatted()) lines"
        return BenchmarkRow.attempt(name) {
            let data = try Data(contentsOf: try context.linksFile(lines: lines))
            let before = shim_heap_bytes_in_use()
            let entries = LinksDocument.make(from: data)
            let held = Double(Int(shim_heap_bytes_in_use()) - Int(before))
            withExtendedLifetime(entries) {}
            return BenchmarkRow(name: name, app: mebibytes(held), reference: "the file: \(mebibytes(Double(data.count)))",
                                ratio: String(format: "%.2f×", held / Double(data.count)),
                                note: "\(Int(held) / entries.count) bytes per entry")
        }
    }

    private static func mebibytes(_ bytes: Double) -> String {
        String(format: "%.1f MiB", bytes / 1_048_576)
    }

    static func parseAndClassifyVersusAwk(_ lines: Int, _ context: BenchContext) -> BenchmarkRow {
        let name = "Parse + classify \(lines.formatted()) lines"
        return BenchmarkRow.attempt(name) {
            guard let awk = context.tool("awk") else { return .unavailable(name, because: "awk not installed") }
            let file = try context.linksFile(lines: lines)
            let data = try Data(contentsOf: file)
            let app = context.remember("classify \(lines)") {
                Timing.measure(runs: context.runs) { sink(LinksDocument.make(from: data).count) }
            }
            let program = #"/^[ \t]*[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\/?# \t]+/ {n++} END {print n+0}"#
            let reference = try ProcessMeasurement(runs: context.runs, [awk, program, file.path], context: context).timing
            return BenchmarkRow(name: name, app: app, reference: reference, referenceName: "awk",
                                note: "awk is \(URL(fileURLWithPath: awk).resolvingSymlinksInPath().lastPathComponent)")
        }
    }

    /// The least any parser must do: find each LF and decode the bytes before it into a
    /// `String` kept in an array. No trimming, no CR or BOM handling, no classifying.
    private static func floorTiming(_ data: Data, _ lines: Int, _ context: BenchContext) -> Timing {
        context.remember("floor \(lines)") {
            Timing.measure(runs: context.runs) {
                let decoded = data.withUnsafeBytes { raw in
                    let bytes = raw.bindMemory(to: UInt8.self)
                    var lines: [String] = []
                    var start = 0
                    for index in bytes.indices where bytes[index] == 0x0A {
                        lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                        start = index + 1
                    }
                    return lines
                }
                sink(decoded.count)
            }
        }
    }

    private static func linesPerSecond(_ lines: Int, _ timing: Timing) -> String {
        let perSecond = Double(lines) / (timing.medianMilliseconds / 1000)
        return perSecond >= 1_000_000 ? String(format: "%.1f M", perSecond / 1_000_000) : String(format: "%.0f k", perSecond / 1000)
    }

    /// Keeps results observable so the optimiser cannot drop the work being timed.
    nonisolated(unsafe) private static var sunk = 0
    private static func sink(_ value: Int) {
        sunk &+= value
    }
}
