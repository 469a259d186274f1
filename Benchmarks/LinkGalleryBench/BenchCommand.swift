import Foundation
import GalleryCore

/// The command line of link-gallery-bench.
///
///     link-gallery-bench report [--work DIR] [--runs N] [--app-results FILE] [--no-app] [--section TEXT]
///         makes the test files in DIR (a new temp folder by default), measures every row of
///         `BenchmarkSuite`, prints the Markdown report on stdout and progress on stderr; the
///         app-level rows keep their raw results in FILE (JSON), or are left out with --no-app
///     link-gallery-bench thumbnail IN OUT
///         one thumbnail exactly as the app makes it (a square from the middle, PNG), so it can be timed as a
///         process next to vipsthumbnail and gdk-pixbuf-thumbnailer
///     link-gallery-bench startup
///         does nothing: the cost of starting this process (Swift runtime, GTK libraries)
///     link-gallery-bench save-cached CACHE LIST FOLDER
///         saves the originals of LIST's links from the cache at CACHE into FOLDER, as Save to
///         Folder does, without the network
enum BenchCommand {
    static let usage = """
        usage: link-gallery-bench report [--work DIR] [--runs N] [--app-results FILE] [--no-app] [--section TEXT]
               link-gallery-bench thumbnail IN OUT
               link-gallery-bench thumbnail-here IN OUT   (decoded in this process, no worker)
               link-gallery-bench startup
               link-gallery-bench save-cached CACHE LIST FOLDER
        """

    static func run(_ arguments: [String]) -> Int32 {
        switch arguments.first {
        case "report": return report(Array(arguments.dropFirst()))
        case "thumbnail" where arguments.count == 3: return thumbnail(input: arguments[1], output: arguments[2])
        case "thumbnail-here" where arguments.count == 3:
            DecoderIsolation.current = .inProcess
            return thumbnail(input: arguments[1], output: arguments[2])
        case "startup" where arguments.count == 1: return 0
        case "save-cached" where arguments.count == 4:
            return SavingBenchmarks.saveCached(cache: arguments[1], list: arguments[2], folder: arguments[3])
        default:
            printError(usage)
            return 2
        }
    }

    private static func thumbnail(input: String, output: String) -> Int32 {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: input))
            let thumbnail = try ImageDecoder.thumbnail(from: data, side: BenchContext.thumbnailSide)
            try ThumbnailPNG.encode(thumbnail).write(to: URL(fileURLWithPath: output))
            return 0
        } catch {
            printError("thumbnail failed: \(error)")
            return 1
        }
    }

    private static func report(_ arguments: [String]) -> Int32 {
        var work: String?
        var runs = 7
        var appResults: String?
        var includeAppLevel = true
        var section: String?
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            if arguments[index] == "--no-app" {
                includeAppLevel = false
                index += 1
                continue
            }
            switch (arguments[index], value) {
            case ("--app-results", let value?): appResults = value
            case ("--work", let value?): work = value
            case ("--runs", let value?) where Int(value).map({ $0 >= 1 }) == true: runs = Int(value)!
            case ("--section", let value?): section = value
            default:
                printError(usage)
                return 2
            }
            index += 2
        }
        do {
            let folder = try work.map { URL(fileURLWithPath: $0) } ?? makeTemporaryFolder()
            let context = try BenchContext(workFolder: folder, runs: runs)
            context.includeAppLevel = includeAppLevel
            context.appResultsPath = appResults
            context.sectionFilter = section
            let report = BenchmarkSuite.measure(context)
            print(report.markdown(), terminator: "")
            return 0
        } catch {
            printError("benchmark failed: \(error)")
            return 1
        }
    }

    private static func makeTemporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("link-gallery-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Progress and errors go to stderr, so stdout is only the report.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
