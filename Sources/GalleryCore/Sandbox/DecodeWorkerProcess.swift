import CSandbox
import Foundation
import Glibc
import Synchronization

/// One running decode worker: its process and the app's end of its socket. Used by one
/// decode at a time (`DecodeWorkerPool` hands it out); killed when a decode overruns or is
/// cancelled, and reaped here.
final class DecodeWorkerProcess: Sendable {
    private struct Life {
        var killed = false
        var reaped = false
    }

    let pid: pid_t
    let socket: Int32
    private let life = Mutex(Life())
    let exchanges = Atomic(0)
    /// The ids of the pictures this worker was last given bytes of, the most recent last: a
    /// mirror of its `OpenedPictures`, by which a later request of one brings no bytes.
    private let opened = Mutex<[UInt64]>([])

    /// The pictures the worker holds open, as far as the app knows.
    var heldIDs: [UInt64] { opened.withLock { $0 } }

    /// True when the worker holds picture `id` open, as far as the app knows.
    func holds(_ id: UInt64) -> Bool { id != 0 && opened.withLock { $0.contains(id) } }

    func noteOpened(_ id: UInt64) {
        guard id != 0 else { return }
        opened.withLock { ids in
            ids.removeAll { $0 == id }
            ids.append(id)
            if ids.count > OpenedPictures.capacity { ids.removeFirst(ids.count - OpenedPictures.capacity) }
        }
    }

    func noteLetGo(_ id: UInt64) { opened.withLock { $0.removeAll { $0 == id } } }

    /// Pictures it was asked for.
    var served: Int { exchanges.load(ordering: .relaxed) }
    /// What holds it, as it said when ready (`DecoderProtection`'s raw value).
    private let saidProtection = Atomic<UInt8>(0)
    var protection: DecoderProtection { DecoderProtection(rawValue: saidProtection.load(ordering: .relaxed)) ?? .filterOnly }

    /// How a worker that stopped answering ended.
    enum Ending: Equatable {
        /// Killed by its CPU allowance (SIGXCPU): the picture is a bomb, or far too heavy.
        case spentItsCPU
        /// Any other end, or an answer that was no reply while it lived: a decoder's bug.
        case crashed
    }

    private init(pid: pid_t, socket: Int32) {
        self.pid = pid
        self.socket = socket
    }

    deinit {
        kill()
        close(socket)
        if !life.withLock({ $0.reaped }) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
    }

    /// Starts a worker with `launch`; nil when the process cannot be started. Always from
    /// `WorkerSpawningThread`: the worker lives as long as the thread that starts it.
    static func start(_ launch: DecodeWorkerLaunch) -> DecodeWorkerProcess? {
        WorkerSpawningThread.shared.run { spawn(launch) }
    }

    private static func spawn(_ launch: DecodeWorkerLaunch) -> DecodeWorkerProcess? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeInheritedDescriptors(&actions)
        var argv: [UnsafeMutablePointer<CChar>?] = launch.arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // Without bubblewrap's --clearenv, the worker gets a minimal environment of its own.
        let inherited = launch.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var environment: [UnsafeMutablePointer<CChar>?] = (["LANG=C.UTF-8", "PATH=/usr/bin"] + inherited).map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        // A clean signal state, whatever the starting thread's: blocked or ignored SIGXCPU would
        // let a decode run past its CPU allowance (the spawning thread's mask is inherited).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, launch.arguments[0], &actions, &attributes, &argv, &environment)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            return nil
        }
        let worker = DecodeWorkerProcess(pid: pid, socket: ends[0])
        // Ready once its sandbox is in place; one that ends or stays silent instead is none
        // (and is killed and reaped as the value goes).
        guard let answer = WorkerSocket.read(count: DecodeWorker.ready.count + 1, from: worker.socket,
                                             until: .now + .seconds(readyTimeoutSeconds)),
              answer.prefix(DecodeWorker.ready.count) == DecodeWorker.ready,
              let protection = answer.last.flatMap(DecoderProtection.init(rawValue:)) else { return nil }
        worker.saidProtection.store(protection.rawValue, ordering: .relaxed)
        return worker
    }

    /// How long a starting worker may take to say it is ready: a loaded machine starts
    /// bubblewrap and the app's libraries in well under a second.
    static let readyTimeoutSeconds = 20

    /// After an exchange that brought no reply: how the worker ended, waiting up to `grace`
    /// for a dying one to exit (the socket closes a moment before the process is gone); one
    /// still running then is killed. bubblewrap exits with 128 + the signal that ended its
    /// child, a plain worker ends by the signal itself.
    func ending(within grace: Duration) -> Ending {
        let status = exitStatus(within: grace)
        kill()
        guard let status else { return .crashed }
        let signal = status & 0x7F != 0 ? status & 0x7F : (status >> 8 & 0xFF) - 128
        return signal == SIGXCPU ? .spentItsCPU : .crashed
    }

    /// The raw wait status once the worker has exited by itself, nil if it still runs after
    /// `grace`.
    private func exitStatus(within grace: Duration) -> Int32? {
        let (seconds, attoseconds) = grace.components
        var status: Int32 = 0
        guard sandbox_wait_exit(pid, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000), &status) == 1 else {
            return nil
        }
        life.withLock { $0.reaped = true }
        return status
    }

    /// Kills the worker (from the decoding thread or a cancelling one); it is reaped on deinit.
    func kill() {
        life.withLock { life in
            guard !life.killed else { return }
            life.killed = true
            if !life.reaped { Glibc.kill(pid, SIGKILL) }
        }
    }

    var isKilled: Bool { life.withLock { $0.killed } }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34): nothing of the app's but the
    /// socket reaches bubblewrap or the worker. Looked up at run time like `memfd_create`; the
    /// worker closes them itself too.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }
}
