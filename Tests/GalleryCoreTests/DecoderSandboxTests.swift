import CSandbox
import CGtk
import Foundation
import Glibc
@testable import GalleryCore
import XCTest

/// Decoders of untrusted bytes run in bubblewrap with a seccomp filter and limits: what a
/// compromised decoder would try first fails there, a worker that crashes or hangs costs one
/// picture, the pool recovers, and whatever comes back is checked.
final class DecoderSandboxTests: XCTestCase {
    private func launch() throws -> DecodeWorkerLaunch {
        let launch = try XCTUnwrap(DecodeWorkerLaunch.current, "the app's executable is beside the tests")
        XCTAssertTrue(launch.usesBubblewrap, "bubblewrap is a dependency and runs on this machine")
        return launch
    }

    func testADecoderCannotReadHomeConnectForkWriteOrExecute() throws {
        let launch = try launch()
        // Each attempt works from the test itself, so its refusal is the sandbox's doing.
        let home = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".link-gallery-probe-\(getpid())")
        try Data("secret".utf8).write(to: home)
        defer { try? FileManager.default.removeItem(at: home) }
        XCTAssertNotNil(FileManager.default.contents(atPath: home.path))
        XCTAssertTrue(try launch.refuses("read-home", home.path), "the home folder is not there")

        let listener = try LoopbackListener()
        XCTAssertTrue(SandboxProbe.connects(toLoopbackPort: listener.port), "127.0.0.1:\(listener.port) answers the test")
        XCTAssertTrue(try launch.refuses("connect", String(listener.port)), "no network, and no sockets")

        let folder = try TemporaryDirectory()
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.url.appendingPathComponent("control").path, contents: Data("x".utf8)))
        XCTAssertTrue(try launch.refuses("write-file", folder.url.path), "nothing to write to")
        XCTAssertTrue(try launch.refuses("write-file", "/tmp"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("written-from-the-sandbox").path))

        XCTAssertTrue(try launch.refuses("fork", ""), "threads only, no processes")
        XCTAssertTrue(try launch.refuses("exec", ""), "no other program")
    }

    /// Where bubblewrap cannot run, the plain worker (same limits and filter, plus Landlock)
    /// still reads no file in home, makes, writes or truncates none, and changes neither the
    /// limits nor the priority of another process of the user; and it decodes every format.
    func testWithoutBubblewrapTheWorkerStillCannotReadHomeWriteTruncateOrTouchOtherProcesses() throws {
        let executable = try launch().arguments.last { $0.hasSuffix("link-gallery") } ?? ""
        let plain = DecodeWorkerLaunch(executable: executable, bubblewrap: false)
        XCTAssertFalse(plain.usesBubblewrap)

        let home = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".link-gallery-probe-\(getpid())")
        try Data("secret".utf8).write(to: home)
        defer { try? FileManager.default.removeItem(at: home) }
        XCTAssertTrue(try plain.refuses("read-home", home.path), "home is out of reach (Landlock)")

        let folder = try TemporaryDirectory()
        XCTAssertTrue(try plain.refuses("write-file", folder.url.path), "no file is made")
        let kept = folder.url.appendingPathComponent("kept")
        try Data("twelve bytes".utf8).write(to: kept)
        XCTAssertTrue(try plain.refuses("truncate", kept.path), "no file is cut")
        XCTAssertEqual(try Data(contentsOf: kept).count, 12)

        // Another process of the same user: a sleeper this test started.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sleep")
        other.arguments = ["30"]
        try other.run()
        defer { other.terminate() }
        let pid = String(other.processIdentifier)
        XCTAssertEqual(sandbox_probe_lower_limits_of(other.processIdentifier), 0, "the test itself may lower them")
        XCTAssertTrue(try plain.refuses("limit-other", pid), "another process keeps its limits")
        XCTAssertTrue(try plain.refuses("renice-other", pid), "another process keeps its priority")
        XCTAssertTrue(try plain.refuses("fork", ""))
        XCTAssertTrue(try plain.refuses("exec", ""))

        let pool = DecodeWorkerPool(size: 1, launch: plain)
        for type in ["bmp", "tiff", "ico"] {
            XCTAssertNoThrow(try Self.decode(TestImages.encoded(width: 48, height: 32, as: type), in: pool,
                                             limits: DecodeWorkerPool.rasterLimits), type)
        }
        let gif = HostileImages.gif(canvasWidth: 48, canvasHeight: 32, frameWidth: 48, frameHeight: 32)
        XCTAssertNoThrow(try Self.decode(gif, in: pool, limits: DecodeWorkerPool.rasterLimits), "GIF")
        let avif = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/avif-sample-images/plum-blossom-small.profile0.8bpc.yuv420.alpha-full.avif")
        XCTAssertNoThrow(try Self.decode(try Data(contentsOf: avif), in: pool, limits: DecodeWorkerPool.rasterLimits), "AVIF")
        XCTAssertNoThrow(try Self.decode(HostileImages.goodSVG, in: pool, limits: DecodeWorkerPool.vectorLimits), "SVG")
        XCTAssertEqual(pool.startedCount, 1, "one worker decoded them all")
    }

    func testACrashingOrHangingWorkerCostsOnePictureAndThePoolRecovers() throws {
        _ = try launch()
        let pool = DecodeWorkerPool(size: 1)
        let good = TestImages.encoded(width: 64, height: 48, as: "bmp")

        // A worker that crashes mid-decode (SIGSEGV, as a memory bug in a decoder would).
        let crashed = Result { () throws(LoadError) in
            let killer = Thread {
                while pool.decodingProcesses.isEmpty { usleep(1000) }
                usleep(100_000)
                pool.decodingProcesses.forEach { kill($0, SIGSEGV) }
            }
            killer.start()
            try Self.decode(HostileImages.heavySVG, in: pool, limits: DecodeWorkerPool.vectorLimits)
        }
        XCTAssertThrowsError(try crashed.get()) { XCTAssertEqual($0 as? LoadError, .couldNotDecode) }
        XCTAssertNoThrow(try Self.decode(good, in: pool, limits: DecodeWorkerPool.rasterLimits), "the next picture decodes")

        // A worker that hangs past its wall-clock limit.
        let hanging = DecodeWorkerPool.Limits(cpuSeconds: 4, wallSeconds: 0.3, addressSpaceBytes: SVGLimits.addressSpaceBytes)
        XCTAssertThrowsError(try Self.decode(HostileImages.heavySVG, in: pool, limits: hanging)) {
            XCTAssertEqual($0 as? LoadError, .tooSlowToDraw)
        }
        XCTAssertNoThrow(try Self.decode(good, in: pool, limits: DecodeWorkerPool.rasterLimits))
        XCTAssertEqual(pool.startedCount, 3, "one worker, replaced after each of the two failures")
    }

    /// A worker that crashes, hangs, answers with sizes no reply may have, keeps its mapping of
    /// the pixels so it could change them after the app looked, or answers a request other than
    /// the one asked (its reply names another id) (`DecodeWorkerFault`)
    /// costs that picture "could not decode" — not "too large", which would drop its original —
    /// and is replaced: the next picture decodes in a new worker.
    func testAWorkerThatCrashesHangsOrLiesCostsOnePictureAndIsReplaced() throws {
        let executable = try launch().arguments.last { $0.hasSuffix("link-gallery") } ?? ""
        let good = TestImages.encoded(width: 64, height: 48, as: "bmp")
        let quick = DecodeWorkerPool.Limits(cpuSeconds: 4, wallSeconds: 1, addressSpaceBytes: 2 << 30)
        for fault in [DecodeWorkerFault.crash, .hang, .lie, .oversize, .holdsPixels, .answersAnotherRequest] {
            let faulty = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: fault))
            for _ in 0..<2 {
                XCTAssertThrowsError(try Self.decode(good, in: faulty, limits: quick), "\(fault)") {
                    XCTAssertEqual($0 as? LoadError, .couldNotDecode, "\(fault)")
                }
            }
            XCTAssertEqual(faulty.startedCount, 2, "\(fault): each failure's worker was replaced")
            XCTAssertEqual(faulty.idleCount, 0, "\(fault): no failed worker is kept")
        }
        let healthy = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true))
        XCTAssertNoThrow(try Self.decode(good, in: healthy, limits: quick))
    }

    /// A worker short of memory (the `starved` fault: its address space all but full) says so:
    /// a photo whose pixels cannot be allocated is "out of memory" — not "damaged", which
    /// would drop its original, nor "too large", which it is not — and a small picture still
    /// decodes in the same worker.
    func testAWorkerShortOfMemorySaysSoRatherThanCallingThePictureDamaged() throws {
        let executable = try launch().arguments.last { $0.hasSuffix("link-gallery") } ?? ""
        let photo = TestImages.encoded(width: 4000, height: 3000, as: "jpeg")
        let starved = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .starved))
        XCTAssertThrowsError(try Self.decode(photo, in: starved, limits: DecodeWorkerPool.rasterLimits)) {
            XCTAssertEqual($0 as? LoadError, .outOfMemory)
        }
        XCTAssertNoThrow(try Self.decode(TestImages.encoded(width: 64, height: 48, as: "bmp"), in: starved,
                                         limits: DecodeWorkerPool.rasterLimits), "a small picture still fits")
        let healthy = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true))
        XCTAssertNoThrow(try Self.decode(photo, in: healthy, limits: DecodeWorkerPool.rasterLimits), "the photo itself is fine")
    }

    /// A worker that reads a request's header and then stops reading (issue 42): the picture's
    /// bytes that follow fill its socket, and the app's send ends at the decode's deadline
    /// rather than holding the thread; the picture could not be decoded, the worker is replaced.
    func testAWorkerThatStopsReadingCannotHoldTheSendingThread() throws {
        let executable = try launch().arguments.last { $0.hasSuffix("link-gallery") } ?? ""
        let picture = TestImages.noisyPNG(width: 480, height: 480) // under a MiB: it goes through the socket
        XCTAssertLessThan(picture.count, SharedMemory.worthIt)
        XCTAssertGreaterThan(picture.count, 300_000, "more than a socket's buffer holds")
        let quick = DecodeWorkerPool.Limits(cpuSeconds: 4, wallSeconds: 1, addressSpaceBytes: 2 << 30)
        let stalled = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .stopsReading))
        let started = ContinuousClock.now
        XCTAssertThrowsError(try Self.decode(picture, in: stalled, limits: quick)) {
            XCTAssertEqual($0 as? LoadError, .couldNotDecode)
        }
        // A liveness bound, far above the 1 s deadline: without it the send never returned.
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(30), "the thread came back")
        XCTAssertEqual(stalled.idleCount, 0, "the stalled worker is not kept")
    }

    /// Large pixels do not cross the socket: the pixbuf the app gets is a read-only view of the
    /// memfd the worker wrote into, sealed before the app looked; a thumbnail's few kilobytes
    /// take the socket, which costs them less (`SharedMemory.worthIt`). Large bytes go in a memfd
    /// sealed before the worker saw it.
    func testLargePixelsArriveInASealedMemfdTheAppMapsWithoutACopy() throws {
        _ = try launch()
        let pool = DecodeWorkerPool(size: 1)
        func mapping(of size: (Int, Int)) throws -> Substring? {
            let picture = TestImages.encoded(width: size.0, height: size.1, as: "png")
            let gate = LoaderSizeGate(maxPixels: ImageDecoder.defaultMaxPixels, maxSide: 4096, countsPixels: false)
            let loaded = try SandboxedPictureLoader(pool: pool).frame(PictureBytes(oneOff: picture), FrameRequest(fit: gate.fit), gate: gate)!
            return withExtendedLifetime(loaded) {
                XCTAssertEqual(Int(gdk_pixbuf_get_width(loaded.pointer)), size.0)
                let address = UInt(bitPattern: gdk_pixbuf_read_pixels(loaded.pointer))
                return ProcFile.read("/proc/self/maps", maxBytes: 64 << 20)?.split(separator: "\n").first { line in
                    let range = line.split(separator: " ")[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
                    return range.count == 2 && (range[0]..<range[1]).contains(address)
                }
            }
        }
        let large = try XCTUnwrap(try mapping(of: (1000, 700)), "2.1 MB of pixels are in a mapping of their own")
        XCTAssertTrue(large.contains("/memfd:link-gallery-pixels"), String(large))
        XCTAssertTrue(large.split(separator: " ")[1].hasPrefix("r-"), "read-only: \(large)")
        let small = try mapping(of: (120, 90))
        XCTAssertFalse(small?.contains("memfd") ?? false, "a thumbnail's pixels came over the socket: \(small ?? "")")

        let bytes = Data(repeating: 0x5A, count: SharedMemory.worthIt)
        let sealed = try XCTUnwrap(SharedMemory.sealed(copying: bytes))
        XCTAssertNil(sandbox_map(sealed.descriptor, bytes.count, 1), "no one can map the picture's memfd writable")
        XCTAssertEqual(Glibc.write(sealed.descriptor, "x", 1), -1)
        XCTAssertEqual(errno, EPERM, "nor write to it")
        XCTAssertEqual(sealed.size, bytes.count)
        // A picture of a megabyte and more goes in such a memfd, and decodes from it.
        let noisy = TestImages.noisyPNG(width: 700, height: 700)
        XCTAssertGreaterThanOrEqual(noisy.count, SharedMemory.worthIt)
        let gate = LoaderSizeGate(maxPixels: ImageDecoder.defaultMaxPixels, maxSide: 256, countsPixels: false)
        let thumbnail = try SandboxedPictureLoader(pool: pool).frame(PictureBytes(oneOff: noisy), FrameRequest(fit: gate.fit), gate: gate)!
        withExtendedLifetime(thumbnail) { XCTAssertEqual(gdk_pixbuf_get_width(thumbnail.pointer), 256) }
    }

    func testAWorkerIsRetiredAfterItsShareOfPictures() throws {
        _ = try launch()
        let pool = DecodeWorkerPool(size: 1, decodesPerWorker: 3)
        for index in 0..<7 {
            XCTAssertNoThrow(try Self.decode(TestImages.encoded(width: 40 + index, height: 30, as: "bmp"), in: pool,
                                             limits: DecodeWorkerPool.rasterLimits))
        }
        XCTAssertEqual(pool.startedCount, 3, "three pictures a worker: 3 + 3 + 1")
    }

    /// A thumbnail scrolled past while its worker decodes it: the decode ends as cancelled, but
    /// its worker finishes it and stays warm, instead of being killed and started again.
    func testACancelledShortDecodeKeepsItsWorker() throws {
        _ = try launch()
        // A grace no loaded machine outruns: what is tested is that the cancel waits for it.
        let pool = DecodeWorkerPool(size: 1, cancelledGrace: 30)
        let picture = TestImages.encoded(width: 1600, height: 1200, as: "bmp")
        XCTAssertNoThrow(try Self.decode(picture, in: pool, limits: DecodeWorkerPool.rasterLimits))
        let scrolledPast = DecodeCancellation(priority: .visible)
        let canceller = Thread {
            while pool.decodingProcesses.isEmpty { usleep(200) }
            scrolledPast.cancel()
        }
        canceller.start()
        XCTAssertThrowsError(try Self.decode(picture, in: pool, limits: DecodeWorkerPool.rasterLimits, cancellation: scrolledPast)) {
            XCTAssertEqual($0 as? LoadError, .cancelled)
        }
        XCTAssertNoThrow(try Self.decode(picture, in: pool, limits: DecodeWorkerPool.rasterLimits))
        XCTAssertEqual(pool.startedCount, 1, "the same worker served all three")
    }

    /// A viewer page about to load starts a worker before any picture needs one.
    func testPrewarmingStartsOneWorkerThatTheNextPictureUses() throws {
        _ = try launch()
        let pool = DecodeWorkerPool(size: 2)
        pool.prewarm()
        pool.prewarm() // one at a time
        let deadline = Date().addingTimeInterval(30)
        while pool.idleCount == 0, Date() < deadline { usleep(5000) }
        XCTAssertEqual(pool.idleCount, 1, "a warm worker waits")
        XCTAssertNoThrow(try Self.decode(TestImages.encoded(width: 40, height: 30, as: "bmp"), in: pool,
                                         limits: DecodeWorkerPool.rasterLimits))
        XCTAssertEqual(pool.startedCount, 1, "the picture used it")
    }

    func testWorkersStayWarmAcrossPictures() throws {
        _ = try launch()
        let pool = DecodeWorkerPool(size: 2)
        for index in 0..<12 {
            let picture = TestImages.encoded(width: 40 + index, height: 30, as: index.isMultiple(of: 2) ? "bmp" : "tiff")
            XCTAssertNoThrow(try Self.decode(picture, in: pool, limits: DecodeWorkerPool.rasterLimits))
        }
        XCTAssertEqual(pool.startedCount, 1, "one decode at a time: one warm worker served them all")
        XCTAssertEqual(pool.idleCount, 1)
    }

    /// bubblewrap kills a worker when the thread that started it exits (PR_SET_PDEATHSIG), and
    /// libdispatch retires idle threads: a worker first needed by a thread that then ends must
    /// still serve the next picture (it died, and that picture failed, before).
    func testAWorkerOutlivesTheThreadThatFirstNeededIt() throws {
        _ = try launch()
        let pool = DecodeWorkerPool(size: 1)
        let picture = TestImages.encoded(width: 40, height: 30, as: "bmp")
        let decoded = DispatchSemaphore(value: 0)
        let thread = Thread {
            do { try Self.decode(picture, in: pool, limits: DecodeWorkerPool.rasterLimits) } catch { XCTFail("\(error)") }
            decoded.signal()
        }
        thread.start()
        decoded.wait()
        while !thread.isFinished { usleep(1000) }
        usleep(300_000) // the kernel's signal to the worker, had there been one, is delivered by now
        let worker = try XCTUnwrap(pool.idleDecoderProcesses.first)
        let state = (try? String(contentsOfFile: "/proc/\(worker)/status", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("State:") }
        XCTAssertNotNil(state, "the worker is still there")
        XCTAssertFalse(state?.contains("zombie") ?? true, String(state ?? ""))
        XCTAssertNoThrow(try Self.decode(picture, in: pool, limits: DecodeWorkerPool.rasterLimits))
        XCTAssertEqual(pool.startedCount, 1, "the same worker served the next picture")
    }

    /// The viewer's page gets the worker kept for it while the grid's decodes hold the others.
    func testThePictureOnScreenDoesNotWaitBehindTheGrid() throws {
        _ = try launch()
        let pool = DecodeWorkerPool(size: 2)
        let grid = DecodeCancellation(priority: .visible)
        let busy = Thread {
            let slow = DecodeWorkerPool.Limits(cpuSeconds: 30, wallSeconds: 60, addressSpaceBytes: SVGLimits.addressSpaceBytes)
            _ = try? DecoderSandboxTests.decode(HostileImages.heavySVG, in: pool, limits: slow, cancellation: grid)
        }
        busy.start()
        defer { grid.cancel() }
        while pool.decodingProcesses.isEmpty { usleep(1000) }

        let page = TestImages.encoded(width: 64, height: 48, as: "bmp")
        XCTAssertNoThrow(try Self.decode(page, in: pool, limits: DecodeWorkerPool.rasterLimits,
                                    cancellation: DecodeCancellation(priority: .interactive)))
        // Had the page waited for the grid's worker, that render (30 s of CPU) would be over.
        XCTAssertEqual(pool.decodingProcesses.count, 1, "the grid's render still runs beside it")

        // Another thumbnail waits for the grid's worker: cancelled after a moment, it never ran.
        let waiting = DecodeCancellation(priority: .visible)
        let canceller = Thread { usleep(300_000); waiting.cancel() }
        canceller.start()
        XCTAssertThrowsError(try Self.decode(page, in: pool, limits: DecodeWorkerPool.rasterLimits, cancellation: waiting)) {
            XCTAssertEqual($0 as? LoadError, .cancelled)
        }
    }

    /// A worker's reply is hostile input too: every number is checked before a byte is used.
    func testALyingReplyIsRefused() {
        let sane = DecodeReply.Header(status: .picture, declaredWidth: 4, declaredHeight: 4, width: 4, height: 4,
                                      channels: 4, frameCount: 0, loopCount: 0)
        func check(_ header: DecodeReply.Header, bodyLength: Int? = nil) -> LoadError? {
            let body = Data(count: bodyLength ?? header.bodyLength ?? 0)
            do {
                _ = try SandboxedDecoding.picture(from: (header, ReplyBody(body)), maxStillPixels: 64, maxPixels: 1000,
                                                  maxAnimationBytes: 0)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertNil(check(sane))
        var lie = sane
        lie.width = 100 // more pixels than the request allowed
        XCTAssertEqual(check(lie), .couldNotDecode)
        lie = sane
        lie.channels = 7
        XCTAssertEqual(check(lie), .couldNotDecode)
        lie = sane
        lie.width = Int(UInt32.max)
        lie.height = Int(UInt32.max) // overflows when multiplied by the channels
        XCTAssertEqual(check(lie, bodyLength: 16), .couldNotDecode)
        lie = sane
        lie.declaredWidth = 100_000 // claims a picture over the pixel limit
        XCTAssertEqual(check(lie), .couldNotDecode)
        lie = sane
        lie.frameCount = 1 // an animation of one frame, and frames over the animation budget
        XCTAssertEqual(check(lie), .couldNotDecode)
        XCTAssertEqual(check(sane, bodyLength: 63), .couldNotDecode, "a short body")
    }

    private static func decode(_ data: Data, in pool: DecodeWorkerPool, limits: DecodeWorkerPool.Limits,
                        cancellation: DecodeCancellation? = nil) throws(LoadError) {
        let request = DecodeRequest(fit: .inside(maxSide: 1024), maxPixels: ImageDecoder.defaultMaxPixels,
                                    limits: limits, dataLength: data.count)
        let reply = try pool.decode(PictureBytes(oneOff: data), request: request, limits: limits, maxBodyLength: 1024 * 1024 * 4,
                                    cancellation: cancellation)
        if case .failed(let error) = reply.header.status { throw error }
    }
}

/// A TCP listener on 127.0.0.1, so a refused connection means the sandbox, not a closed port.
private final class LoopbackListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}
