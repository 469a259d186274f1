import Foundation
import GalleryCore

/// What every benchmark row gets: where to put files, how often to repeat, and where the tools
/// are. Test inputs are made lazily and once, so rows that share them stay cheap to add.
final class BenchContext {
    /// The app's thumbnail size, and the size asked of the reference tools.
    /// The app's own grid thumbnails at scale 1.
    static let thumbnailSide = ImageDecoder.defaultThumbnailSide

    let workFolder: URL
    /// Each measurement is the median of this many runs (after one unmeasured warm-up run).
    let runs: Int
    /// This executable, for timing the app's path as a process.
    let benchExecutable: String
    /// Whether to run the app-level rows (they need a display server, openbox and xdotool).
    var includeAppLevel = true
    /// Where the app-level driver keeps its raw JSON (for plots); the work folder by default.
    var appResultsPath: String?
    /// Only the sections whose title contains this (case-insensitive), when set.
    var sectionFilter: String?
    private var jpegs: [String: URL] = [:]
    private var linksFiles: [Int: URL] = [:]
    private var remembered: [String: Any] = [:]

    init(workFolder: URL, runs: Int) throws {
        self.workFolder = workFolder
        self.runs = runs
        benchExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
    }

    /// A photo-like JPEG of the given size, made on first use.
    func jpeg(_ size: TestJPEG.Size) throws -> URL {
        if let url = jpegs[size.label] { return url }
        let url = workFolder.appendingPathComponent("photo-\(size.width)x\(size.height).jpg")
        printError("making \(url.lastPathComponent)")
        try TestJPEG.write(size, to: url)
        jpegs[size.label] = url
        return url
    }

    /// A links file with `lines` lines in the realistic mix, made on first use.
    func linksFile(lines: Int) throws -> URL {
        if let url = linksFiles[lines] { return url }
        let url = workFolder.appendingPathComponent("links-\(lines).txt")
        try LinksFileGenerator.make(lines: lines).write(to: url)
        linksFiles[lines] = url
        return url
    }

    /// A reference measurement shared by several rows is taken once.
    func remember<Value>(_ key: String, _ make: () throws -> Value) rethrows -> Value {
        // Unwrap before casting: `nil as? Value` succeeds when Value is itself an Optional.
        if let stored = remembered[key], let value = stored as? Value { return value }
        let value = try make()
        remembered[key] = value
        return value
    }

    /// A fresh output path in the work folder.
    func outputPath(_ name: String) -> String {
        workFolder.appendingPathComponent(name).path
    }

    /// The absolute path of a tool on PATH, or `nil` when it is not installed.
    func tool(_ name: String) -> String? {
        // A path names the one wanted (the system's python3, which has PIL, not a pyenv shim's).
        if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
