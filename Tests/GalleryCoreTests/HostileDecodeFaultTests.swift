import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// The hostile files of issue 16 that reach the decoders, served by the real fixture server to
/// a real repository: an SVG that would render for minutes, a GIF whose frame dwarfs its canvas,
/// 100-megapixel PNGs of a few KB. Good images keep loading, memory stays bounded, and each
/// hostile entry ends in an error a tile shows (with Retry) instead of a frozen or killed app.
final class HostileDecodeFaultTests: XCTestCase {
    private var root: URL!
    private var server: FixtureServer!
    private let http = HTTPClient()
    private var faults = 0
    private var inputs = 0

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        DecodeThreads.pixels.resetPeak()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
        FaultTally.shared.record(test: name, faults: faults, inputs: inputs,
                                 passed: testRun.map { $0.totalFailureCount == 0 } ?? false, skipped: false)
    }

    private func makeRepository() throws -> ImageRepository {
        ImageRepository(http: http, directories: try CacheDirectories(root: root))
    }

    private func serve(_ data: Data, as name: String) throws -> URL {
        inputs += 1
        return try server.writeFile(name: "\(FixtureServer.uniqueTag())-\(name)", contents: data)
    }

    private func loadError<Image>(_ load: () async throws -> Image) async -> LoadError? {
        do {
            _ = try await load()
            return nil
        } catch {
            return LoadError(error)
        }
    }

    // MARK: SVG

    func testARendererKilledAtTheWallClockWithCPUToSpareIsTooSlowToDrawNotTooLarge() throws {
        faults += 1
        inputs += 1
        // Stands for a valid SVG starved of CPU by other decodes: killed at a wall-clock limit it
        // reached long before its CPU limit, it is not a bomb, so its original is kept and the
        // tile offers Retry (not retried by itself: see `tooSlowToDraw`).
        let starved = DecodeWorkerPool.Limits(cpuSeconds: 4, wallSeconds: 0.3, addressSpaceBytes: SVGLimits.addressSpaceBytes)
        XCTAssertThrowsError(try render(HostileImages.heavySVG, limits: starved)) {
            XCTAssertEqual($0 as? LoadError, .tooSlowToDraw)
        }
        XCTAssertFalse(LoadError.tooSlowToDraw.isTransient, "would burn its time again at every retry")
    }

    /// A time-out, not "too large" (the file may be small): a picture whose drawing spends the
    /// worker's own CPU limit needs more time than one picture is given, and would again.
    func testARendererThatDiesOfItsOwnCPULimitNeedsTooMuchTimeToDraw() throws {
        faults += 1
        inputs += 1
        let bomb = DecodeWorkerPool.Limits(cpuSeconds: 1, wallSeconds: 600, addressSpaceBytes: SVGLimits.addressSpaceBytes)
        XCTAssertThrowsError(try render(HostileImages.heavySVG, limits: bomb)) {
            XCTAssertEqual($0 as? LoadError, .tooMuchToDraw)
        }
        XCTAssertFalse(LoadError.tooMuchToDraw.isTransient, "would spend its time again at every retry")
    }

    /// One render in a worker of its own pool, with `limits`.
    private func render(_ svg: Data, limits: DecodeWorkerPool.Limits) throws(LoadError) {
        let pool = DecodeWorkerPool(size: 1)
        let fit = LoaderSizeGate.Fit.inside(maxSide: SVGLimits.maxOriginalSide)
        let request = DecodeRequest(fit: fit, maxPixels: ImageDecoder.defaultMaxPixels,
                                    limits: limits, dataLength: svg.count)
        _ = try pool.decode(PictureBytes(oneOff: svg), request: request, limits: limits, maxBodyLength: 64 << 20, cancellation: nil)
    }

    /// Two hundred SVGs make no two hundred threads: decodes run as many at once as there are
    /// workers' turns for them, the rest wait holding no thread, and cancelled waiting ones end
    /// at once, never run.
    func testDecodesRunAsManyAtOnceAsTheirTurnsAndCancelledWaitingOnesEndAtOnce() async throws {
        faults += 1
        inputs += 1
        let gate = HeavyGate()
        let width = DecodeThreads.workers.policy.limit(for: .visible)
        let decodes = (0..<12).map { _ in
            Task {
                defer { gate.finish() }
                try await DecodeThreads.run(mostPixels: 0) { gate.enterAndWait() }
            }
        }
        let waiting = decodes.count - width
        try await waitUntil("every turn is taken") { gate.running == width }
        XCTAssertEqual(DecodeThreads.workers.waitingCount, waiting)
        decodes.forEach { $0.cancel() } // the running ones take no notice: they are held
        try await waitUntil("the waiting decodes end while the turns are still taken") { gate.finished == waiting }
        XCTAssertEqual(gate.running, width)
        gate.open()
        var cancelled = 0
        for decode in decodes {
            if case .failure(let error) = await decode.result, error as? LoadError == .cancelled { cancelled += 1 }
        }
        XCTAssertEqual(cancelled, waiting)
        XCTAssertEqual(gate.entered, width, "the cancelled ones never ran")
        XCTAssertEqual(gate.peak, width)
    }

    func testAnSVGOfHeavyFiltersIsStoppedAtItsLimitsInAChildAndTakesNoMemoryHere() async throws {
        faults += 1
        let repository = try makeRepository()
        let heavy = try serve(HostileImages.heavySVG, as: "heavy.svg")
        let good = try serve(HostileImages.goodSVG, as: "good.svg")
        var thumbnailError: LoadError?, originalError: LoadError?
        let peak = try await PeakMemory.measure {
            thumbnailError = await loadError { try await repository.thumbnail(for: heavy, priority: .visible) }
            originalError = await loadError { try await repository.original(for: heavy, priority: .interactive) }
        }
        XCTAssertNil(thumbnailError, "at 126 px its blurs are small: the tile shows it")
        XCTAssertEqual(originalError, .tooMuchToDraw, "its full size spends the CPU one picture is given: the viewer says so")
        XCTAssertLessThan(peak, 64 << 20, "the rendering happened in the child, under its own limits")
        XCTAssertEqual(DecodeThreads.pixels.held, 0, "both gave their budget back")

        let thumbnail = try await repository.thumbnail(for: good, priority: .visible)
        let original = try await repository.original(for: good, priority: .interactive)
        XCTAssertEqual(thumbnail.texture.pixelHeight, ImageDecoder.defaultThumbnailSide, "a good SVG still renders")
        XCTAssertEqual([original.texture.pixelWidth, original.texture.pixelHeight], [300, 200])
    }

    func testALargeSVGOriginalIsRenderedAtScreenSizeNotItsDeclaredSize() throws {
        faults += 1
        inputs += 1
        let large = Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="8000" height="4000"><rect width="8000" \
            height="4000" fill="green"/></svg>
            """.utf8)
        let image = try ImageDecoder.original(from: large)
        XCTAssertEqual([image.texture.pixelWidth, image.texture.pixelHeight], [SVGLimits.maxOriginalSide, 1280])
        XCTAssertEqual([image.sourceWidth, image.sourceHeight], [8000, 4000], "the viewer still knows its real size")
    }

    func testCancellingAnSVGDecodeKillsItsRendererAndGivesTheBudgetBack() async throws {
        faults += 1
        let repository = try makeRepository()
        let heavy = try serve(HostileImages.heavySVG, as: "cancel.svg")
        _ = try await repository.original(bytesFor: heavy, priority: .interactive)
        let decode = Task { try await repository.original(for: heavy, priority: .interactive) }
        // Its worker renders (the budget is taken for the pixels it sends back, when they come).
        try await waitUntil("a worker renders it") { !DecodeWorkerPool.shared.decodingProcesses.isEmpty }
        decode.cancel()
        let error = await loadError { try await decode.value }
        XCTAssertEqual(error, .cancelled, "stopped by the cancel, not by the time limit")
        XCTAssertEqual(DecodeThreads.pixels.held, 0)
    }

    // MARK: GIF

    func testAGIFFrameFarLargerThanItsCanvasIsRefusedBeforeAnyPixelIsDecoded() async throws {
        faults += 1
        let repository = try makeRepository()
        let bomb = HostileImages.gif(canvasWidth: 1, canvasHeight: 1, frameWidth: 16000, frameHeight: 16000)
        let url = try serve(bomb, as: "frame-bomb.gif")
        var errors: [LoadError?] = []
        let peak = try await PeakMemory.measure {
            errors.append(await loadError { try await repository.thumbnail(for: url, priority: .visible) })
            errors.append(await loadError { try await repository.original(for: url, priority: .interactive) })
        }
        XCTAssertEqual(errors, [.tooLarge, .tooLarge])
        XCTAssertLessThan(peak, 32 << 20, "256 megapixels were never allocated")
    }

    func testGIFFramesOutsideASmallCanvasAreCountedAndNeverPlayedAsAnAnimation() throws {
        faults += 1
        inputs += 1
        let frames = HostileImages.gif(canvasWidth: 1, canvasHeight: 1, frameWidth: 3000, frameHeight: 3000, frames: 20)
        XCTAssertNil(GIFStructure.summary(of: frames), "shown as a still: 20 huge frames are not all decoded")
        XCTAssertEqual(GIFStructure.layout(of: frames).map { [$0.extentWidth, $0.extentHeight] }, [3000, 3000])
        // A still, decoded: a decode that failed would leave no animation either (issue 51).
        let still = try ImageDecoder.original(from: frames)
        XCTAssertNil(still.animation, "shown as a still, not played")
        XCTAssertEqual([still.texture.pixelWidth, still.texture.pixelHeight], [1, 1], "the canvas, as browsers draw it")
        // The decoder's own gate (a worker's, here in this process to read its budget) counts
        // the frames' extent.
        DecodeThreads.pixels.resetPeak()
        _ = DecodingHere.run { try? ImageDecoder.original(from: frames) }
        XCTAssertGreaterThanOrEqual(DecodeThreads.pixels.peak, 3000 * 3000,
                                    "the budget counted the frame, not the 1×1 canvas")
    }

    // MARK: Many large images at once

    /// The gallery: good images mixed with every hostile decode class at once.
    func testHundredMegapixelPNGsTakeLittleMemoryWhileEveryGoodImageLoads() async throws {
        faults += 3
        let repository = try makeRepository()
        let png = HostileImages.blackPNG(width: 10000, height: 10000)
        XCTAssertLessThan(png.count, 64 * 1024, "a few KB on the wire")
        let bombs = try (0..<4).map { try serve(png, as: "big-\($0).png") }
        let frameBomb = try serve(HostileImages.gif(canvasWidth: 1, canvasHeight: 1, frameWidth: 16000, frameHeight: 16000),
                                  as: "frame.gif")
        let heavySVG = try serve(HostileImages.heavySVG, as: "heavy.svg")
        let good = (0..<8).map { server.url("/img/\(320 + $0)x240.jpg?tag=\(FixtureServer.uniqueTag())") }
        inputs += good.count
        let results = Results()
        let peak = try await PeakMemory.measure {
            await withTaskGroup(of: Void.self) { group in
                for url in bombs + good + [frameBomb, heavySVG] {
                    group.addTask {
                        do {
                            _ = try await repository.thumbnail(for: url, priority: .visible)
                            results.set(url, nil)
                        } catch {
                            results.set(url, LoadError(error))
                        }
                    }
                }
            }
        }
        for url in good { XCTAssertEqual(results.value(url), .some(nil), "\(url.lastPathComponent) loads") }
        for url in bombs { XCTAssertEqual(results.value(url), .some(nil), "each is within the per-image limit") }
        XCTAssertEqual(results.value(frameBomb), .some(.tooLarge), "the tile shows an error, with Retry")
        XCTAssertEqual(results.value(heavySVG), .some(nil), "a small render of it is cheap")
        XCTAssertLessThanOrEqual(DecodeThreads.pixels.peak, DecodeThreads.pixels.policy.capacity)
        XCTAssertLessThan(peak, 128 << 20, "each 100-megapixel PNG is scaled row by row (300 MB each, before)")
        print("Hostile PNGs: peak RSS rise \(peak >> 20) MB, budget peak \(DecodeThreads.pixels.peak) pixels")
    }
}

private final class Results: @unchecked Sendable { // under `lock`
    private let lock = NSLock()
    private var errors: [URL: LoadError?] = [:]
    func set(_ url: URL, _ error: LoadError?) { lock.withLock { errors[url] = .some(error) } }
    func value(_ url: URL) -> LoadError?? { lock.withLock { errors[url] } }
}


/// Holds heavy decodes until opened, counting how many run at once.
private final class HeavyGate: @unchecked Sendable { // state under `condition`
    private let condition = NSCondition()
    private var isOpen = false
    private var current = 0
    private var highest = 0
    private var entries = 0
    private var ended = 0

    var running: Int { condition.withLock { current } }
    var peak: Int { condition.withLock { highest } }
    var entered: Int { condition.withLock { entries } }
    var finished: Int { condition.withLock { ended } }

    func finish() {
        condition.withLock { ended += 1 }
    }

    func enterAndWait() {
        condition.withLock {
            current += 1
            entries += 1
            highest = max(highest, current)
            while !isOpen { condition.wait() }
            current -= 1
        }
    }

    func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }
}
