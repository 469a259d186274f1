import Foundation
import Synchronization
import Glibc

/// A few warm sandboxed decoders shared by every decode of the app: a picture goes to an idle
/// worker (one is started when none is running), and a worker that crashed, overran its
/// limits, answered with something that is no reply or was cancelled is dropped and replaced
/// on the next request. A worker costs its start once (bubblewrap and the app's own startup,
/// tens of milliseconds), not per picture; it is retired after `decodesPerWorker` pictures
/// or when it holds more than `retireAboveBytes` between pictures (its resident set and the
/// memfds it keeps, `heldBytes(mappings:)`), so a decoder's leak, a fragmented heap or a worker hoarding
/// replies never grows for the app's whole life.
///
/// A worker's failure is one picture's: "could not decode" (`LoadError.couldNotDecode`,
/// the original is kept), or "too large" only when the worker died of its CPU allowance.
///
/// Who decodes when is `turns`' to say (`DecodeThreads.workers` for the shared pool): a decode
/// comes with its turn, so it always finds a worker idle or starts one, and never waits here.
final class DecodeWorkerPool: Sendable {
    /// What one decode may use inside its worker.
    struct Limits: Sendable {
        var cpuSeconds: Int
        var wallSeconds: Double
        var addressSpaceBytes: Int
    }

    /// Pictures: the largest allowed decodes in a few seconds; the address space holds a
    /// 100-megapixel picture, its scaled copy and libheif's planes.
    static let rasterLimits = Limits(cpuSeconds: 20, wallSeconds: 40, addressSpaceBytes: 2 << 30)
    /// SVGs are programs: `SVGLimits`, measured for them.
    static let vectorLimits = Limits(cpuSeconds: SVGLimits.cpuSeconds, wallSeconds: SVGLimits.wallSeconds,
                                     addressSpaceBytes: SVGLimits.addressSpaceBytes)

    /// Two for the grid on two cores, one kept for the viewer's page.
    static let sharedSize = 3
    static let shared = DecodeWorkerPool(size: sharedSize, turns: DecodeThreads.workers)

    static let defaultDecodesPerWorker = 500
    /// Far above a warm worker's idle size (tens of MiB after `sandbox_release_memory`).
    static let retireAboveBytes = 384 << 20
    /// How long a worker whose socket closed is given to be gone, so its end can be read.
    static let endingGrace = Duration.milliseconds(250)
    /// How long a decode nobody wants any more may still finish before its worker is killed: a
    /// thumbnail scrolled past ends in milliseconds and its worker stays warm, where killing it
    /// cost a new worker's start (~100 ms of CPU) for every tile a fast scroll passed.
    static let defaultCancelledGrace = 0.25

    private struct State {
        var idle: [DecodeWorkerProcess] = []
        /// A worker being started ahead (`prewarm`), done when it is idle.
        var prewarming: DispatchGroup?
        /// Workers decoding now, for tests that crash one.
        var decoding: [DecodeWorkerProcess] = []
        /// Workers started, for tests and the benchmark.
        var started = 0
        /// Workers decoding when every worker was retired: ended once their decode is.
        var retiring: [DecodeWorkerProcess] = []
    }

    /// Who may decode now: one turn per worker.
    let turns: PriorityGate
    private let launch: DecodeWorkerLaunch?
    private let decodesPerWorker: Int
    private let retireAbove: Int
    private let cancelledGrace: Double
    private let state = Mutex(State())

    /// `launch` nil when no worker can start here (every decode then fails with a reason).
    /// Without `turns`, the pool's own: one kept for the picture on screen when there are two
    /// or more.
    init(size: Int, turns: PriorityGate? = nil, launch: DecodeWorkerLaunch? = .current,
         decodesPerWorker: Int = defaultDecodesPerWorker, retireAbove: Int = retireAboveBytes,
         cancelledGrace: Double = defaultCancelledGrace) {
        self.turns = turns ?? PriorityGate(.init(capacity: size, keptForInteractive: size > 1 ? 1 : 0))
        self.cancelledGrace = cancelledGrace
        self.launch = launch
        self.decodesPerWorker = decodesPerWorker
        self.retireAbove = retireAbove
    }

    /// Starts a worker in the background when none is running or idle: a viewer page about to
    /// be loaded then does not wait for one (~100 ms) before the first rows of its download are
    /// drawn, when nothing was decoded yet in this run (a start from the cache).
    func prewarm() {
        guard let launch, !DecoderIsolation.readsHere else { return }
        let starting = state.withLock { state -> DispatchGroup? in
            guard state.idle.isEmpty, state.decoding.isEmpty, state.prewarming == nil else { return nil }
            let group = DispatchGroup()
            group.enter()
            state.prewarming = group
            state.started += 1
            return group
        }
        guard let starting else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let worker = DecodeWorkerLaunch.takeFirstWorker(for: launch) ?? DecodeWorkerProcess.start(launch)
            state.withLock { state in
                state.prewarming = nil
                if let worker { state.idle.append(worker) }
            }
            starting.leave()
        }
    }

    /// One decode in a worker: the reply, or why there is none. A picture kept open goes to an
    /// idle worker that holds it, when there is one (then only the request crosses).
    /// `cancellation` kills the worker mid-decode (after `cancelledGrace`). `admit` sees the
    /// reply's header before its pixels are read (see `DecodeWorkerProcess.exchange`).
    func decode(_ bytes: PictureBytes, request: DecodeRequest, limits: Limits, maxBodyLength: Int, cancellation: DecodeCancellation?,
                admit: (DecodeReply.Header) throws(LoadError) -> Void = { _ in })
        throws(LoadError) -> (header: DecodeReply.Header, body: ReplyBody) {
        guard let launch else { throw .couldNotDecode }
        // Let in by `DecodeThreads.run`, the decode brings its turn; tests and tools that
        // decode from their own threads wait for one here.
        let admitted = DecodeAdmission.current.map { turns.issued($0.turn) } ?? false
        let ownTurn = admitted ? nil : turns.waitForPass(priority: cancellation?.priority ?? SharedPriority(.visible))
        defer { ownTurn?.release() }
        let worker = try takeWorker(launch, holding: bytes.id)
        state.withLock { $0.decoding.append(worker) }
        var healthy = false
        defer { release(worker, healthy: healthy) }
        let exchanging = ExchangeInProgress()
        let grace = cancelledGrace
        cancellation?.onCancel {
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + grace) {
                if exchanging.isRunning { worker.kill() }
            }
        }
        defer { exchanging.end() }
        // Only a short wall-clock limit (SVGs) is told apart by CPU: reading it costs /proc reads.
        let startCPU = limits.wallSeconds < Self.rasterLimits.wallSeconds ? worker.cpuSeconds ?? 0 : nil
        let deadline = ContinuousClock.now + .milliseconds(Int(limits.wallSeconds * 1000))
        let reply: (header: DecodeReply.Header, body: ReplyBody)?
        do {
            reply = try worker.exchange(request, bytes, deadline: deadline, maxBodyLength: maxBodyLength, admit: admit)
        } catch {
            // Read whole and no longer wanted: the worker is in step, and kept. (Refused as a
            // lie, it is not.)
            cancellation?.removeHandlers()
            healthy = error == .cancelled && !worker.isKilled
            throw cancellation?.isCancelled == true ? .cancelled : error
        }
        cancellation?.removeHandlers()
        if cancellation?.isCancelled == true {
            healthy = reply != nil && !worker.isKilled // finished within its grace: still warm
            throw .cancelled
        }
        guard let reply else {
            // At the wall-clock limit with CPU to spare and still wanting to run: starved on a
            // busy machine. (Asleep instead, it hangs: a decoder's bug, below.)
            if ContinuousClock.now >= deadline, let startCPU, let used = worker.cpuSeconds, used - startCPU < Double(limits.cpuSeconds),
               worker.isRunnable {
                worker.kill()
                throw .tooSlowToDraw
            }
            switch worker.ending(within: Self.endingGrace) {
            case .spentItsCPU: throw .tooMuchToDraw
            case .crashed: throw .couldNotDecode // crashed, hung, or answered with no reply
            }
        }
        healthy = true
        return reply
    }

    /// An idle worker (one that holds picture `id` open first), the one being started ahead, or
    /// a new one; a worker past its pictures or its memory is retired on the way.
    private func takeWorker(_ launch: DecodeWorkerLaunch, holding id: UInt64) throws(LoadError) -> DecodeWorkerProcess {
        while true {
            let (worker, starting) = state.withLock { state in
                let holder = state.idle.lastIndex { $0.holds(id) }
                return (holder.map { state.idle.remove(at: $0) } ?? state.idle.popLast(), state.prewarming)
            }
            if let worker {
                // A worker whose memory /proc cannot show (one that made itself undumpable, say)
                // is retired, not trusted.
                let held = worker.heldBytes(mappings: worker.served % DecodeWorkerProcess.mappingsEvery == 0) ?? Int.max
                if worker.served < decodesPerWorker, held <= retireAbove {
                    return worker
                }
                worker.kill() // retired; a fresh one takes its place below
                break
            }
            guard let starting else { break }
            // A worker being started ahead is this one's: waiting for it costs less than
            // starting a second. (A wait for a process to start, not for a turn.)
            starting.wait()
        }
        state.withLock { $0.started += 1 }
        guard let worker = DecodeWorkerLaunch.takeFirstWorker(for: launch) ?? DecodeWorkerProcess.start(launch) else {
            throw .couldNotDecode
        }
        return worker
    }

    private func release(_ worker: DecodeWorkerProcess, healthy: Bool) {
        let retired = state.withLock { state -> Bool in
            state.decoding.removeAll { $0 === worker }
            let retiring = state.retiring.contains { $0 === worker }
            state.retiring.removeAll { $0 === worker }
            if healthy, !worker.isKilled, !retiring { state.idle.append(worker) }
            return retiring
        }
        if retired { worker.kill() }
    }

    /// Ends every worker, the idle ones now and the busy ones once their decode ends: the
    /// person opened another list, and no decoder that read the last one or its pictures (one
    /// a crafted picture may have taken over) reads the next one's.
    func retireEveryWorker() {
        let idle = state.withLock { state -> [DecodeWorkerProcess] in
            state.retiring = state.decoding
            defer { state.idle = [] }
            return state.idle
        }
        idle.forEach { $0.kill() }
    }

    /// Workers waiting for a picture.
    var idleCount: Int { state.withLock { $0.idle.count } }
    /// Workers still decoding since every worker was retired (for tests).
    var retiringCount: Int { state.withLock { $0.retiring.count } }
    /// Workers started since the pool was made.
    var startedCount: Int { state.withLock { $0.started } }
    /// The decoder processes of the workers decoding now.
    var decodingProcesses: [pid_t] { state.withLock { $0.decoding }.map(\.decoderProcess) }
    /// The decoder process of every idle worker.
    var idleDecoderProcesses: [pid_t] { state.withLock { $0.idle }.map(\.decoderProcess) }
}

/// Whether a worker is still decoding one request: a cancelled decode's worker is killed only if
/// it is, once the pool's grace for cancelled decodes has passed.
private final class ExchangeInProgress: Sendable {
    private let running = Mutex(true)

    var isRunning: Bool { running.withLock { $0 } }

    func end() { running.withLock { $0 = false } }
}
