import Foundation
import Synchronization
import Glibc

/// A few warm sandboxed decoders shared by every decode of the app: a picture goes to an idle
/// worker (one is started when none is running), and a worker that crashed, overran its
/// limits, answered with something that is no reply or was cancelled is dropped and replaced
/// on the next request. A worker costs its start once (bubblewrap and the app's own startup,
/// tens of milliseconds), not per picture; it is retired after `decodesPerWorker` pictures
/// or when it holds more than `retireAboveBytes` between pictures, so a decoder's leak or a
/// fragmented heap never grows for the app's whole life.
///
/// A worker's failure is one picture's: "could not decode" (`ImageLoadError.couldNotDecode`,
/// the original is kept), or "too large" only when the worker died of its CPU allowance.
///
/// One worker is kept for the picture a person is looking at (`LoadPriority.interactive`): the
/// grid's thumbnails and the viewer's prefetching use the others, so opening a GIF or an SVG
/// in the viewer never waits behind a grid full of them.
final class DecodeWorkerPool: @unchecked Sendable { // all state under `condition`
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
    static let shared = DecodeWorkerPool(size: sharedSize)

    static let defaultDecodesPerWorker = 500
    /// Far above a warm worker's idle size (tens of MiB after `sandbox_release_memory`).
    static let retireAboveBytes = 384 << 20
    /// How long a worker whose socket closed is given to be gone, so its end can be read.
    static let endingGrace = Duration.milliseconds(250)
    /// How long a decode nobody wants any more may still finish before its worker is killed: a
    /// thumbnail scrolled past ends in milliseconds and its worker stays warm, where killing it
    /// cost a new worker's start (~100 ms of CPU) for every tile a fast scroll passed.
    static let defaultCancelledGrace = 0.25

    private let size: Int
    private let launch: DecodeWorkerLaunch?
    private let decodesPerWorker: Int
    private let cancelledGrace: Double
    private let condition = NSCondition()
    private var idle: [DecodeWorkerProcess] = []
    private var busy = 0
    private var prewarming = false
    /// Workers decoding now, for tests that crash one.
    private var decoding: [DecodeWorkerProcess] = []
    /// Workers started, for tests and the benchmark.
    private(set) var started = 0

    /// `launch` nil when no worker can start here (every decode then fails with a reason).
    init(size: Int, launch: DecodeWorkerLaunch? = .current, decodesPerWorker: Int = defaultDecodesPerWorker,
         cancelledGrace: Double = defaultCancelledGrace) {
        self.cancelledGrace = cancelledGrace
        self.size = size
        self.launch = launch
        self.decodesPerWorker = decodesPerWorker
    }

    /// Starts a worker in the background when none is running or idle: a viewer page about to
    /// be loaded then does not wait for one (~100 ms) before the first rows of its download are
    /// drawn, when nothing was decoded yet in this run (a start from the cache).
    func prewarm() {
        guard let launch, !PicturePipeline.decodesHere else { return }
        let needed = condition.withLock { () -> Bool in
            guard idle.isEmpty, busy == 0, !prewarming else { return false }
            prewarming = true
            started += 1
            return true
        }
        guard needed else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let worker = DecodeWorkerLaunch.takeFirstWorker(for: launch) ?? DecodeWorkerProcess.start(launch)
            condition.withLock {
                prewarming = false
                if let worker { idle.append(worker) }
            }
            condition.broadcast()
        }
    }

    /// One decode in a worker: the reply, or why there is none. Blocks while every worker is
    /// busy; `cancellation` stops the wait, or kills the worker mid-decode. `admit` sees the
    /// reply's header before its pixels are read (see `DecodeWorkerProcess.exchange`).
    func decode(_ data: Data, request: DecodeRequest, limits: Limits, maxBodyLength: Int, cancellation: DecodeCancellation?,
                admit: (DecodeReply.Header) throws(ImageLoadError) -> Void = { _ in })
        throws(ImageLoadError) -> (header: DecodeReply.Header, body: ReplyBody) {
        guard let launch else { throw .couldNotDecode }
        let worker = try acquire(launch, priority: cancellation?.priority.current ?? .visible, cancellation: cancellation)
        condition.withLock { decoding.append(worker) }
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
            reply = try worker.exchange(request, data, deadline: deadline, maxBodyLength: maxBodyLength, admit: admit)
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
            case .spentItsCPU: throw .tooLarge
            case .crashed: throw .couldNotDecode // crashed, hung, or answered with no reply
            }
        }
        healthy = true
        return reply
    }

    private func acquire(
        _ launch: DecodeWorkerLaunch, priority: LoadPriority, cancellation: DecodeCancellation?
    ) throws(ImageLoadError) -> DecodeWorkerProcess {
        // All but one worker for anything but the picture on screen (with one, it is shared).
        let usable = priority == .interactive || size == 1 ? size : size - 1
        condition.lock()
        while busy >= usable {
            if cancellation?.isCancelled == true {
                condition.unlock()
                throw .cancelled
            }
            _ = condition.wait(until: Date().addingTimeInterval(0.05)) // a timeout only rechecks the cancellation
        }
        busy += 1
        // A worker being started ahead (`prewarm`) is this one's: waiting for it costs less than
        // starting a second.
        while idle.isEmpty, prewarming { _ = condition.wait(until: Date().addingTimeInterval(0.05)) }
        if let worker = idle.popLast() {
            condition.unlock()
            if worker.served < decodesPerWorker, (worker.residentBytes ?? 0) <= Self.retireAboveBytes {
                return worker
            }
            worker.kill() // retired; a fresh one takes its place below
            condition.withLock { started += 1 }
            return try start(launch)
        }
        started += 1
        condition.unlock()
        return try start(launch)
    }

    /// A new worker for a place already counted as busy.
    private func start(_ launch: DecodeWorkerLaunch) throws(ImageLoadError) -> DecodeWorkerProcess {
        guard let worker = DecodeWorkerLaunch.takeFirstWorker(for: launch) ?? DecodeWorkerProcess.start(launch) else {
            condition.withLock { busy -= 1 }
            condition.signal()
            throw .couldNotDecode
        }
        return worker
    }

    private func release(_ worker: DecodeWorkerProcess, healthy: Bool) {
        condition.withLock {
            busy -= 1
            decoding.removeAll { $0 === worker }
            if healthy, !worker.isKilled { idle.append(worker) }
        }
        condition.signal()
    }

    /// Workers waiting for a picture.
    var idleCount: Int { condition.withLock { idle.count } }
    /// Workers started since the pool was made.
    var startedCount: Int { condition.withLock { started } }
    /// The decoder processes of the workers decoding now.
    var decodingProcesses: [pid_t] { condition.withLock { decoding }.map(\.decoderProcess) }
    /// The decoder process of every idle worker.
    var idleDecoderProcesses: [pid_t] { condition.withLock { idle }.map(\.decoderProcess) }
}

/// Whether a worker is still decoding one request: a cancelled decode's worker is killed only if
/// it is, once the pool's grace for cancelled decodes has passed.
private final class ExchangeInProgress: Sendable {
    private let running = Mutex(true)

    var isRunning: Bool { running.withLock { $0 } }

    func end() { running.withLock { $0 = false } }
}
