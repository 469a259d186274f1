import Foundation
import GalleryCore
import GalleryTestSupport

/// Save to Folder of 300 cached pictures (issue 34) as a process, against `cp` of the same
/// bytes in the same run: disk-bound work, so the reference is the file system's own copy.
enum SavingBenchmarks {
    static let explanation = """
        App: `link-gallery-bench save-cached`, a process that opens the app's repository on a \
        cache holding 300 originals (JPEGs of 640×480 to 1600×1200 from the fixture server, \
        stopped before the runs: nothing comes from the network) and saves them with \
        `PictureSaving` into an empty folder — read from the cache, named from the link and the \
        sniffed format (all 300 are "img.jpg", "img (2).jpg"…, as a real list's search \
        thumbnails are all "images"), each written to an unnamed file, flushed (fsync) and linked under its \
        name. Reference: `cp` of the same 300 files into an empty folder, then (second row) \
        `sync -f` on that file system, since the app's files are on the disk when it says \
        so. Both commands start by removing the previous run's folder. Peak RSS from GNU time.
        """

    static let pictureCount = 300

    static var rows: [BenchmarkSuite.Row] { [{ versusCopy(syncing: false, $0) }, { versusCopy(syncing: true, $0) }] }

    static func versusCopy(syncing: Bool, _ context: BenchContext) -> BenchmarkRow {
        let name = "Save \(pictureCount) cached pictures to a folder"
        return BenchmarkRow.attempt(name) {
            let prepared = try context.remember("saving inputs") { try prepare(context) }
            let target = context.workFolder.appendingPathComponent("saved").path
            let app = try ProcessMeasurement(runs: context.runs, ["/bin/sh", "-c",
                "rm -rf \"$1\" && mkdir \"$1\" && exec \"$2\" save-cached \"$3\" \"$4\" \"$1\"", "sh",
                target, context.benchExecutable, prepared.cache.path, prepared.list.path], context: context)
            let copy = "rm -rf \"$1\" && mkdir \"$1\" && cp \"$2\"/* \"$1\"" + (syncing ? " && sync -f \"$1\"" : "")
            let reference = try ProcessMeasurement(runs: context.runs, ["/bin/sh", "-c", copy, "sh", target, prepared.sources.path],
                                                   context: context)
            let saved = (try? FileManager.default.contentsOfDirectory(atPath: target).count) ?? 0
            guard saved == pictureCount else { throw Failure(description: "the app saved \(saved) of \(pictureCount) pictures") }
            return BenchmarkRow(name: name, app: app.timing, reference: reference.timing,
                                referenceName: syncing ? "cp + sync -f" : "cp",
                                note: "\(prepared.megabytes) MB; " + ProcessMeasurement.memoryNote(app: app.peakMemoryMiB, reference: reference.peakMemoryMiB))
        }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    private struct Inputs {
        let cache: URL
        let list: URL
        let sources: URL
        let megabytes: Int
    }

    /// Downloads 300 generated JPEGs once through the repository, so its cache holds them, and
    /// keeps the same bytes as plain files for `cp`.
    private static func prepare(_ context: BenchContext) throws -> Inputs {
        printError("making \(pictureCount) cached pictures")
        let server = try FixtureServer()
        defer { server.stop() }
        let cache = context.workFolder.appendingPathComponent("saving-cache")
        let sources = context.workFolder.appendingPathComponent("saving-sources")
        try? FileManager.default.removeItem(at: cache)
        try? FileManager.default.removeItem(at: sources)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: cache))
        let urls = (0..<pictureCount).map { index in
            server.url("/img?w=\(640 + index % 5 * 240)&h=\(480 + index % 5 * 180)&fmt=jpeg&seed=\(index)")
        }
        let total = BlockingRun.Box(0)
        try BlockingRun.run {
            for (index, url) in urls.enumerated() {
                let bytes = try await repository.original(bytesFor: url, priority: .interactive)
                try bytes.write(to: sources.appendingPathComponent("picture-\(index).jpg"))
                total.value += bytes.count
            }
        }
        let list = context.workFolder.appendingPathComponent("saving-list.txt")
        try urls.map(\.absoluteString).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        return Inputs(cache: cache, list: list, sources: sources, megabytes: total.value / 1_000_000)
    }

    /// `link-gallery-bench save-cached CACHE LIST FOLDER`: what Save to Folder does, offline.
    static func saveCached(cache: String, list: String, folder: String) -> Int32 {
        do {
            let urls = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").compactMap { URL(string: String($0)) }
            let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: URL(fileURLWithPath: cache)))
            let saving = PictureSaving(folder: URL(fileURLWithPath: folder)) { url in
                try await repository.originalFile(for: url, priority: .interactive)
            }
            // Named from the link, as the app does: every one is "img" here, as every search
            // thumbnail of a real list is "images", so the names collide as they do there.
            let pictures = urls.map { PictureSaving.Picture(url: $0, title: $0.lastPathComponent) }
            let failed = BlockingRun.Box(0)
            try BlockingRun.run { failed.value = await saving.run(pictures) { _ in }.failed.count }
            return failed.value == 0 ? 0 : 1
        } catch {
            printError("save-cached failed: \(error)")
            return 1
        }
    }
}
