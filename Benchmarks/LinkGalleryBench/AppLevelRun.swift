import Foundation

/// Runs the app-level driver (`Benchmarks/AppBench/app_bench.py`) once for all app rows: it
/// starts its own Xvfb + openbox and fixture server, launches the release `link-gallery` and
/// `bare-window` and `bare-grid` built next to this executable, and writes its raw results as JSON.
enum AppLevelRun {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static var driverScript: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // LinkGalleryBench
            .deletingLastPathComponent()  // Benchmarks
            .appendingPathComponent("AppBench/app_bench.py")
    }

    static func measure(_ context: BenchContext) throws -> AppLevelResults {
        let binaries = URL(fileURLWithPath: context.benchExecutable).deletingLastPathComponent()
        let app = binaries.appendingPathComponent("link-gallery").path
        let bareWindow = binaries.appendingPathComponent("bare-window").path
        let bareGrid = binaries.appendingPathComponent("bare-grid").path
        for binary in [app, bareWindow, bareGrid] where !FileManager.default.isExecutableFile(atPath: binary) {
            throw Failure(description: "\(binary) is missing: build it in release first (tools/bench does)")
        }
        guard ProcessInfo.processInfo.environment["GSETTINGS_SCHEMA_DIR"] != nil else {
            throw Failure(description: "GSETTINGS_SCHEMA_DIR is not set (tools/bench sources tools/lib/uninstalled.sh)")
        }
        let output = context.appResultsPath ?? context.outputPath("app-level.json")
        let process = Process()
        // Its own session bus: GtkApplication registers there, and the accessibility bus starts
        // there, as on a desktop; both apps pay for it alike.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = [
            "--", "/usr/bin/python3", driverScript.path, "--app", app, "--bare-window", bareWindow, "--bare-grid", bareGrid,
            "--work", context.workFolder.path, "--output", output,
            "--runs", String(context.runs), "--scroll-runs", String(min(context.runs, 3)),
        ]
        // Progress lines go to our stderr; D-Bus services write to stdout, which is our report.
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "app_bench.py failed (exit status \(process.terminationStatus))")
        }
        return try JSONDecoder().decode(AppLevelResults.self, from: Data(contentsOf: URL(fileURLWithPath: output)))
    }
}
