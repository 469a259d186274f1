import CSandbox
import Foundation
import Glibc

/// What the tests try from inside the sandbox, with the worker's own limits and filter in
/// place: each attempt must fail. `link-gallery --decode-worker <bwrap|plain> <probe>` exits 0
/// when the attempt was refused and 1 when it got through.
enum SandboxProbe {
    static func run(_ probe: String) -> Int32 {
        switch probe {
        case "read-home": return refused(readsHome())
        case "connect": return refused(connects(toLoopbackPort: CommandLine.arguments.dropFirst(4).first.flatMap { UInt16($0) } ?? 80))
        case "fork": return refused(forks())
        case "write-file": return refused(writesFile())
        case "exec": return refused(executes())
        case "truncate": return refused(truncates())
        case "limit-other": return refused(lowersLimits(of: argumentProcess))
        case "renice-other": return refused(renices(argumentProcess))
        default: return 2
        }
    }

    private static func refused(_ succeeded: Bool) -> Int32 { succeeded ? 1 : 0 }

    /// A file in the home folder (the test names one it made there).
    private static func readsHome() -> Bool {
        let path = CommandLine.arguments.dropFirst(4).first ?? "/root"
        let descriptor = open(path, O_RDONLY)
        if descriptor >= 0 { close(descriptor) }
        return descriptor >= 0
    }

    /// A TCP connection to 127.0.0.1 on the port the test listens on (the test also makes it
    /// from outside the sandbox, to show the port answers).
    static func connects(toLoopbackPort port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    private static func forks() -> Bool {
        let child = fork()
        if child == 0 { _exit(0) }
        if child > 0 { waitpid(child, nil, 0) }
        return child > 0
    }

    /// A new file in /tmp, or in the folder given.
    private static func writesFile() -> Bool {
        let folder = CommandLine.arguments.dropFirst(4).first ?? "/tmp"
        let descriptor = open(folder + "/written-from-the-sandbox", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return Glibc.write(descriptor, "x", 1) == 1
    }

    /// The process the test names (one of its own children).
    private static var argumentProcess: pid_t { CommandLine.arguments.dropFirst(4).first.flatMap { pid_t($0) } ?? getppid() }

    /// A file the test made, cut to nothing by its path, or opened for writing and cut.
    private static func truncates() -> Bool {
        let path = CommandLine.arguments.dropFirst(4).first ?? "/tmp/none"
        if truncate(path, 0) == 0 { return true }
        let descriptor = open(path, O_RDWR)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return ftruncate(descriptor, 0) == 0
    }

    /// Another process's open-file limit lowered (as a compromised decoder would starve it).
    private static func lowersLimits(of process: pid_t) -> Bool {
        sandbox_probe_lower_limits_of(process) == 0
    }

    /// Another process's priority lowered to the least.
    private static func renices(_ process: pid_t) -> Bool {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process), 19) == 0
    }

    /// `/bin/false` exits 1, "got through", if it ever runs; execv returns only when refused.
    private static func executes() -> Bool {
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/false"), nil]
        execv("/bin/false", &arguments)
        return false
    }
}
