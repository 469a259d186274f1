import Foundation
@testable import GalleryCore
import XCTest

extension DecodeWorkerLaunch {
    /// Runs one of `SandboxProbe`'s attempts in this launch's sandbox, with the environment its
    /// workers get: true when it was refused.
    func refuses(_ attempt: String, _ argument: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        let process = Process()
        let arguments = probe(attempt, argument)
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment.merging(["LANG": "C.UTF-8", "PATH": "/usr/bin"]) { own, _ in own }
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, attempt, file: file, line: line)
        return process.terminationStatus == 0
    }
}
