import Foundation
import TestRequirements

/// Runs a Python script with Pillow that writes a fixture picture to a file, and reads it back:
/// fixtures are made at test time by a real encoder, never by the app.
enum PillowScript {
    /// `script` receives `file`'s path as `sys.argv[1]`.
    static func picture(_ script: String, writing file: URL) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestRequirement.missing("no /usr/bin/python3 with PIL") }
        return try Data(contentsOf: file)
    }
}
