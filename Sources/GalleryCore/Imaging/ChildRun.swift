import Foundation
import Glibc

/// One run of a child renderer: `input` as its standard input, its standard output collected
/// up to `maxOutput` bytes, killed at `wallSeconds` or on cancellation. A child
/// that dies of its own CPU or memory limit is `.tooLarge`; one killed at the wall-clock limit
/// with CPU to spare is `.tooSlowToDraw`.
///
/// The input goes through a memfd, not a pipe: the child can die at any moment of its limits,
/// and a write to a pipe whose reader died raises SIGPIPE in this process. Blocking, for a
/// decode thread.
struct ChildRun {
    /// Exit codes the child uses for the errors it can tell apart.
    enum ExitCode: Int32 {
        case tooLarge = 3, damaged = 4, notAnImage = 5, badArguments = 6
    }

    let arguments: [String]
    let input: Data
    let maxOutput: Int
    let cancellation: DecodeCancellation?
    var wallSeconds = SVGRenderer.wallSeconds
    /// The child's CPU limit: it dies of it (`RLIMIT_CPU`) on its own.
    var cpuSeconds = Double(SVGRenderer.cpuSeconds)

    func result() throws(ImageLoadError) -> Data {
        guard let inputFile = Self.memoryFile(holding: input) else { throw .damaged }
        defer { close(inputFile) }
        var outputPipe: [Int32] = [-1, -1]
        guard Self.closeOnExecPipe(&outputPipe) else { throw .damaged }
        defer { close(outputPipe[0]) }
        let pid = spawn(stdin: inputFile, stdout: outputPipe[1])
        close(outputPipe[1])
        guard let pid else { throw .damaged }

        let killed = KillSwitch(pid: pid)
        cancellation?.onCancel { killed.fire() }
        let output = read(outputPipe[0], until: Date().addingTimeInterval(wallSeconds), killing: killed)
        if output == nil { killed.fire() } // too much output: no more time
        cancellation?.removeHandlers()
        killed.disarm() // from here on the pid may be reaped and reused
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}

        if cancellation?.isCancelled == true { throw .cancelled }
        // Killed at the wall-clock limit before it spent its CPU: starved by other decodes on a
        // busy machine, not a bomb. Worth a retry, and its original is kept.
        if killed.timedOut, Self.cpuSeconds(of: usage) < cpuSeconds { throw .tooSlowToDraw }
        let signalled = status & 0x7F != 0
        let code = (status >> 8) & 0xFF
        if signalled || killed.timedOut { throw .tooLarge } // SIGXCPU, SIGKILL, an abort on ENOMEM
        switch ExitCode(rawValue: code) {
        case .tooLarge: throw .tooLarge
        case .notAnImage: throw .notAnImage
        case .damaged, .badArguments: throw .damaged
        case nil: break
        }
        guard code == 0, let output else { throw .damaged }
        return output
    }

    /// User and system CPU the reaped child used.
    private static func cpuSeconds(of usage: rusage) -> Double {
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private func spawn(stdin: Int32, stdout: Int32) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return nil }
        return pid
    }

    /// Reads until end of file; nil when the output is over `maxOutput` or time ran out (the
    /// child is killed then).
    private func read(_ descriptor: Int32, until deadline: Date, killing killSwitch: KillSwitch) -> Data? {
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                killSwitch.fire(timedOut: true)
                return nil
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000)) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? output : nil }
            output.append(contentsOf: buffer[0..<count])
            guard output.count <= maxOutput else {
                killSwitch.fire()
                return nil
            }
        }
    }

    /// `pipe2(O_CLOEXEC)`: a child spawned meanwhile by another decode thread must not inherit
    /// the write end (this read would then wait for that child too). Looked up at run time like
    /// `memfd_create`.
    private static func closeOnExecPipe(_ descriptors: inout [Int32]) -> Bool {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let symbol = dlsym(nil, "pipe2") else { return false }
        return unsafeBitCast(symbol, to: Pipe2.self)(&descriptors, O_CLOEXEC) == 0
    }

    /// An anonymous file with `data`, positioned at its start. `memfd_create` is looked up at
    /// run time: Swift's Glibc module does not declare it.
    private static func memoryFile(holding data: Data) -> Int32? {
        typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(nil, "memfd_create") else { return nil }
        let memfdCreate = unsafeBitCast(symbol, to: MemfdCreate.self)
        let descriptor = memfdCreate("link-gallery-svg", 1) // MFD_CLOEXEC
        guard descriptor >= 0 else { return nil }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written, lseek(descriptor, 0, SEEK_SET) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}

/// Kills the child once, from the reading thread or a cancelling one.
private final class KillSwitch: @unchecked Sendable { // state under `lock`
    private let pid: pid_t
    private let lock = NSLock()
    private var fired = false
    private(set) var timedOut = false

    init(pid: pid_t) { self.pid = pid }

    func fire(timedOut: Bool = false) {
        lock.withLock {
            if timedOut { self.timedOut = true }
            guard !fired else { return }
            fired = true
            kill(pid, SIGKILL) // not yet reaped: the pid is still this child's
        }
    }

    /// No kill after this: the child is about to be reaped.
    func disarm() {
        lock.withLock { fired = true }
    }
}
