import Foundation

extension BenchContext {
    /// `output`, made once per work folder by `command` (a tool found by `tool` and its
    /// arguments); nil when the tool is missing or fails.
    func made(_ output: URL, by command: [String]) throws -> URL? {
        try remember("made \(output.lastPathComponent)") { () throws -> URL? in
            guard let tool = tool(command[0]) else { return nil }
            printError("making \(output.lastPathComponent)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = Array(command.dropFirst())
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0 ? output : nil
        }
    }
}
