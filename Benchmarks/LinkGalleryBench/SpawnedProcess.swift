import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command to completion with posix_spawn, output discarded.
///
/// posix_spawn + waitpid rather than Foundation's `Process`: less overhead of our own inside
/// what is being timed. (Not wait4's rusage for memory: Linux carries the parent's peak RSS
/// into a spawned child across exec, so it would report this process's size; see PeakMemory.)
enum SpawnedProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `arguments[0]` (an absolute path) with stdout and stderr sent to /dev/null.
    static func run(_ arguments: [String]) throws(Failure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0]!, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot start \(arguments[0]): errno \(spawned)") }

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: errno \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        let signal = status & 0x7F
        let exitCode = (status >> 8) & 0xFF
        guard signal == 0, exitCode == 0 else {
            let how = signal != 0 ? "signal \(signal)" : "exit status \(exitCode)"
            throw Failure(description: "\(URL(fileURLWithPath: arguments[0]).lastPathComponent) failed (\(how))")
        }
    }
}
