import CGtk
import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// A picture is opened once and asked for frames: the viewer's page opens its original in a
/// worker, and every zoom (a turned copy, the properties) after it names the picture and brings none of its bytes (counted as
/// they are copied to the workers, `WorkerTraffic`), with the same pixels as a decode of the
/// whole file from scratch. Real workers, a real HTTP server, the real disk cache.
final class OpenedPictureTests: XCTestCase {
    private var root: URL!
    private var server: FixtureServer!
    private let screen = PixelSize(width: 1280, height: 800)

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("opened-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    /// A JPEG (its bytes through the socket, its zooms clipped) and a BMP of more than a MiB
    /// (its bytes in a sealed memfd, its zooms the whole picture).
    func testZoomingAnOpenPageSendsNoneOfItsBytesToTheWorkers() async throws {
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: root))
        for path in ["/img/4000x3000.jpg", "/img/800x600.bmp"] {
            let url = server.url(path + "?tag=\(FixtureServer.uniqueTag())")
            let page = try await repository.original(for: url, fitting: screen, priority: .interactive)
            let size = page.sourceSize
            let before = WorkerTraffic.pictureBytes
            var details: [(DetailRegion, FullDetailImage)] = []
            for step in 1...6 {
                // Ever closer, moving right and down: a new region at every step.
                let scale = min(1, Double(step) / 4)
                let width = min(Double(size.width), Double(screen.width) / scale)
                let height = min(Double(size.height), Double(screen.height) / scale)
                let region = DetailRegion(x: min(Double(size.width) - width, Double(step * 90)),
                                          y: min(Double(size.height) - height, Double(step * 60)),
                                          width: width, height: height, devicePixelsPerSourcePixel: scale)
                let detail = try await repository.fullDetail(for: url, covering: region, priority: .interactive)
                XCTAssertTrue(detail.covers(region), "\(path) step \(step)")
                details.append((region, detail))
            }
            // Save Image As… of the page turned: a request of the same picture, its bytes not sent either.
            let copy = try await repository.turnedCopy(for: url, turn: PictureTurn.none.rotatedRight, priority: .interactive)
            XCTAssertFalse(copy.data.isEmpty)
            // The properties of the page: an `open` of the picture the worker holds, by its id.
            let properties = await repository.details(for: url)
            XCTAssertEqual(properties.metadata?.format, path.hasSuffix(".jpg") ? .jpeg : .bmp, path)
            XCTAssertEqual(WorkerTraffic.pictureBytes - before, 0,
                           "\(path): six zooms, a turned copy and the properties sent none of the picture's bytes")

            // The same pixels as the whole file decoded from scratch in this process.
            let bytes = try await repository.original(bytesFor: url, priority: .interactive)
            for (region, detail) in [details[1], details[5]] {
                let reference = try DecodingHere.run { try ImageDecoder.fullDetail(from: bytes, covering: region) }
                XCTAssertEqual(reference.origin.x, detail.origin.x, path)
                XCTAssertEqual(reference.origin.y, detail.origin.y, path)
                XCTAssertEqual(reference.pixelSize, detail.pixelSize, path)
                let (held, expected) = (DetailPixels(detail), DetailPixels(reference))
                for (x, y) in [(0, 0), (detail.pixelSize.width / 2, detail.pixelSize.height / 3),
                               (detail.pixelSize.width - 1, detail.pixelSize.height - 1)] {
                    XCTAssertTrue(held.at(x, y) == expected.at(x, y), "\(path) pixel (\(x), \(y))")
                }
            }
        }
    }

    /// A worker that let the picture go (the app believes otherwise: a worker's own choice,
    /// or one replaced) says so, and is sent the bytes: the answer is the picture.
    func testAWorkerThatNoLongerHoldsThePictureIsSentItsBytesAgain() throws {
        guard let launch = DecodeWorkerLaunch.current, let worker = DecodeWorkerProcess.start(launch) else {
            return XCTFail("a decode worker starts here")
        }
        let data = TestImages.encoded(width: 300, height: 200, as: "png")
        let bytes = PictureBytes(kept: data)
        worker.noteOpened(bytes.id) // as if an earlier request had opened it
        let limits = DecodeWorkerPool.rasterLimits
        let request = DecodeRequest(fit: .inside(maxSide: 1024), maxPixels: ImageDecoder.defaultMaxPixels,
                                    limits: limits, dataLength: data.count)
        let before = WorkerTraffic.pictureBytes
        let reply = try XCTUnwrap(try worker.exchange(request, bytes, deadline: .now + .seconds(20), maxBodyLength: 1 << 20) { _ in })
        XCTAssertEqual(reply.header.status, .picture)
        XCTAssertEqual([reply.header.width, reply.header.height], [300, 200])
        XCTAssertEqual(WorkerTraffic.pictureBytes - before, data.count, "sent once more, in full")
        XCTAssertTrue(worker.holds(bytes.id))
        let again = try XCTUnwrap(try worker.exchange(request, bytes, deadline: .now + .seconds(20), maxBodyLength: 1 << 20) { _ in })
        XCTAssertEqual(again.header.status, .picture)
        XCTAssertEqual(WorkerTraffic.pictureBytes - before, data.count, "now held: the next request brings no bytes")
    }

    /// A picture the app lets go (its page and the pages beside it moved on), the worker lets go
    /// too, with its next request: the memfd of its bytes is no longer mapped there, so a camera
    /// photo's megabytes live no longer than the app needs them.
    func testAWorkerLetsGoOfAPictureTheAppLetGo() throws {
        let pool = DecodeWorkerPool(size: 1)
        let loader = SandboxedPictureLoader(pool: pool)
        func gate() -> LoaderSizeGate { LoaderSizeGate(maxPixels: ImageDecoder.defaultMaxPixels, maxSide: 256, countsPixels: false) }
        var kept: PictureBytes? = PictureBytes(kept: TestImages.noisyPNG(width: 700, height: 700))
        XCTAssertNotNil(kept?.memory, "a megabyte and more: its bytes in a memfd the worker maps")
        _ = try loader.frame(XCTUnwrap(kept), FrameRequest(fit: gate().fit), gate: gate())
        let decoder = try XCTUnwrap(pool.idleDecoderProcesses.first)
        XCTAssertEqual(Self.pictureMappings(of: decoder), 1, "held open after its page: its bytes mapped")
        kept = nil
        let small = PictureBytes(oneOff: TestImages.encoded(width: 64, height: 48, as: "png"))
        _ = try loader.frame(small, FrameRequest(fit: gate().fit), gate: gate())
        XCTAssertEqual(pool.idleDecoderProcesses.first, decoder, "the same worker")
        XCTAssertEqual(Self.pictureMappings(of: decoder), 0, "let go with the next request")
    }

    /// How many mappings of a picture's memfd `process` has.
    private static func pictureMappings(of process: pid_t) -> Int {
        let maps = (try? String(contentsOfFile: "/proc/\(process)/maps", encoding: .utf8)) ?? ""
        return maps.split(separator: "\n").filter { $0.contains("/memfd:link-gallery-picture") }.count
    }
}
