import CGtk
import Foundation
import GalleryTestSupport
@testable import GalleryCore
import TestRequirements
import XCTest

/// What the viewer shows of an original before all of it has arrived, against a server on
/// 127.0.0.1 that sends at a set rate: how far it has come, the rows received, and the
/// thumbnail standing in for it.
final class ArrivingOriginalsTests: RepositoryTestCase {
    private let screen = PixelSize(width: 1000, height: 720)

    /// A photo of `width`×`height` written by PIL (noise over a gradient, so it is as large as a
    /// photo of its size), served paced so its download takes about `seconds`.
    private func pacedPhoto(width: Int, height: Int, progressive: Bool = false, seconds: Double = 4,
                            query: String = "", format: String = "JPEG") throws -> (url: URL, bytes: Data) {
        let server = try FixtureServer.shared()
        let suffix = ["JPEG": "jpg", "JXL": "jxl"][format] ?? "png"
        let path = folder.url.appendingPathComponent("photo.\(suffix)").path
        let script = """
        import sys, random
        from PIL import Image, ImageFilter
        width, height = int(sys.argv[2]), int(sys.argv[3])
        random.seed(7)
        image = Image.linear_gradient("L").resize((width, height)).convert("RGB")
        noise = Image.effect_noise((width, height), 64).convert("RGB")
        image = Image.blend(image, noise, 0.5)
        if sys.argv[5] == "JPEG":
            image.save(sys.argv[1], "JPEG", quality=92, progressive=sys.argv[4] == "1")
        else:
            image.save(sys.argv[1], "PNG")
        """
        guard try TestImages.python(script, arguments: [path, String(width), String(height), progressive ? "1" : "0", format])
        else { throw TestRequirement.missing("needs /usr/bin/python3 with PIL") }
        if format == "JXL" {
            // PIL writes no JPEG XL; libjxl's cjxl (a test dependency) does, from a PNG of it.
            // Lossy (`progressive`: in passes too) or, without `progressive`, lossless.
            try FileManager.default.moveItem(atPath: path, toPath: path + ".png")
            let arguments = [path + ".png", path] + (progressive ? ["-q", "90", "-p"] : ["-q", "100"])
            guard ExternalTool.succeeds("/usr/bin/cjxl", arguments) else { throw TestRequirement.missing("needs cjxl (libjxl-tools)") }
        } else if format == "PNG", progressive {
            // PIL cannot write an interlaced PNG; ImageMagick (a test dependency) can.
            guard ExternalTool.succeeds("/usr/bin/convert", [path, "-interlace", "PNG", path + ".adam7.png"]) else {
                throw TestRequirement.missing("needs ImageMagick to write an interlaced PNG")
            }
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: path + ".adam7.png", toPath: path)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = try server.writeFile(name: "arriving-\(FixtureServer.uniqueTag()).\(suffix)", contents: bytes)
        let rate = max(1000, Int(Double(bytes.count) / seconds))
        return (server.url("/fault/paced/\(rate)/\(file.lastPathComponent)\(query)"), bytes)
    }

    private func startDownload(_ url: URL) -> Task<Data, any Error> {
        let repository = repository!
        return Task { try await repository.original(bytesFor: url, priority: .interactive) }
    }

    // MARK: Progress

    func testProgressCountsTheBytesAsTheyArriveAndEndsAtTheDeclaredSize() async throws {
        let photo = try pacedPhoto(width: 1600, height: 1200, seconds: 3)
        let download = startDownload(photo.url)
        var samples: [DownloadProgress] = []
        while samples.last?.receivedBytes != photo.bytes.count {
            if let progress = repository.downloadProgress(for: photo.url) { samples.append(progress) }
            if !samples.isEmpty, repository.downloadProgress(for: photo.url) == nil { break } // ended
            try await Task.sleep(for: .milliseconds(20))
        }
        let stored = try await download.value
        XCTAssertEqual(stored, photo.bytes)
        XCTAssertNil(repository.downloadProgress(for: photo.url), "an ended download is no longer found")
        let moving = samples.filter { $0.receivedBytes > 0 }
        XCTAssertGreaterThan(Set(moving.map(\.receivedBytes)).count, 3, "seen growing: \(moving.map(\.receivedBytes))")
        XCTAssertEqual(moving.map(\.receivedBytes), moving.map(\.receivedBytes).sorted(), "never goes back")
        for sample in moving {
            XCTAssertEqual(sample.expectedBytes, photo.bytes.count, "the declared size")
            XCTAssertEqual(try XCTUnwrap(sample.fraction), Double(sample.receivedBytes) / Double(photo.bytes.count), accuracy: 1e-9)
            XCTAssertFalse(sample.isStalled)
            if sample.receivedBytes < photo.bytes.count { XCTAssertLessThan(try XCTUnwrap(sample.fraction), 1) }
        }
    }

    func testWithoutAContentLengthProgressHasNoFraction() async throws {
        let photo = try pacedPhoto(width: 1200, height: 900, seconds: 2, query: "?length=0")
        let download = startDownload(photo.url)
        var seen: DownloadProgress?
        try await waitUntil("some bytes arrived") {
            seen = repository.downloadProgress(for: photo.url)
            return (seen?.receivedBytes ?? 0) > 0
        }
        XCTAssertNil(seen?.expectedBytes)
        XCTAssertNil(seen?.fraction, "an indeterminate indicator")
        let stored = try await download.value
        XCTAssertEqual(stored, photo.bytes, "the closed connection ended the body")
    }

    func testAServerThatStopsSendingIsReportedAsStalled() async throws {
        let photo = try pacedPhoto(width: 1200, height: 900, seconds: 1, query: "?stall-after=20000")
        let download = startDownload(photo.url)
        defer { download.cancel() }
        try await waitUntil("the first 20000 bytes arrived") {
            (repository.downloadProgress(for: photo.url)?.receivedBytes ?? 0) >= 20000
        }
        XCTAssertFalse(try XCTUnwrap(repository.downloadProgress(for: photo.url)).isStalled, "bytes came just now")
        try await waitUntil("reported stalled") { repository.downloadProgress(for: photo.url)?.isStalled == true }
        let progress = try XCTUnwrap(repository.downloadProgress(for: photo.url))
        XCTAssertEqual(progress.receivedBytes, 20000)
        XCTAssertGreaterThanOrEqual(progress.quietFor, DownloadProgress.stallAfter)
    }

    // MARK: Rows as they arrive

    /// Rows of what is drawn: fully opaque from the top, then fully transparent.
    private static func opaqueRows(of image: DecodedImage) -> Int {
        let pixels = image.pixels, width = image.texture.pixelWidth
        return pixels.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            (0..<image.texture.pixelHeight).first { row in bytes[row * width * 4 + 3] != 255 } ?? image.texture.pixelHeight
        }
    }

    func testTheRowsReceivedOfABaselineJPEGAreTheFinalPicturesRows() async throws {
        try await checkRowsAsTheyArrive(try pacedPhoto(width: 2400, height: 1600, seconds: 4), name: "baseline JPEG 2400×1600")
    }

    func testTheRowsReceivedOfAPNGAreTheFinalPicturesRows() async throws {
        try await checkRowsAsTheyArrive(try pacedPhoto(width: 1600, height: 1200, seconds: 4, format: "PNG"),
                                        name: "PNG 1600×1200")
    }

    /// Partial pictures are drawn while the photo arrives, each with more rows, and the rows
    /// drawn are the final picture's to the byte; the rest is transparent. The worker maps
    /// what arrived from the download's cache file: no byte of it is copied to a worker
    /// (`WorkerTraffic`), however often the viewer asks.
    private func checkRowsAsTheyArrive(_ photo: (url: URL, bytes: Data), name: String) async throws {
        let download = startDownload(photo.url)
        var partials: [DecodedImage] = []
        try await waitUntil("the download started") { repository.downloadProgress(for: photo.url) != nil }
        let copiedBefore = WorkerTraffic.pictureBytes
        while repository.downloadProgress(for: photo.url) != nil {
            if let partial = await repository.partialOriginal(for: photo.url, fitting: screen, priority: .interactive) { partials.append(partial) }
            try await Task.sleep(for: .milliseconds(100))
        }
        XCTAssertEqual(WorkerTraffic.pictureBytes - copiedBefore, 0, "\(partials.count) partial pictures, none of their bytes copied")
        _ = try await download.value
        let final = try await repository.original(for: photo.url, fitting: screen, priority: .interactive)
        let rows = partials.map(Self.opaqueRows)
        print("\(name) drawn at \(final.texture.pixelWidth)×\(final.texture.pixelHeight): rows over time \(rows)")
        let inPart = partials.filter { (1..<final.texture.pixelHeight).contains(Self.opaqueRows(of: $0)) }
        XCTAssertGreaterThan(Set(inPart.map(Self.opaqueRows)).count, 2, "rows appeared before the end: \(rows)")
        XCTAssertEqual(rows, rows.sorted(), "rows only ever added")
        let width = final.texture.pixelWidth, finalPixels = final.pixels
        for partial in inPart {
            XCTAssertEqual(partial.sourceSize, final.sourceSize)
            XCTAssertEqual(partial.texture.pixelWidth, width)
            XCTAssertEqual(partial.texture.pixelHeight, final.texture.pixelHeight, "laid out as the final picture")
            let received = Self.opaqueRows(of: partial), pixels = partial.pixels
            XCTAssertEqual(pixels.prefix(received * width * 4), finalPixels.prefix(received * width * 4),
                           "the \(received) rows drawn are the final picture's")
            XCTAssertTrue(pixels.dropFirst(received * width * 4).allSatisfy { $0 == 0 }, "the rest is transparent")
        }
    }

    func testAProgressiveJPEGIsDrawnWholeAndCoarseOnceItsFirstScanArrived() async throws {
        try await checkWholeAndCoarse(try pacedPhoto(width: 2400, height: 1600, progressive: true, seconds: 4),
                                      name: "progressive JPEG")
    }

    func testAnInterlacedPNGIsDrawnWholeAndCoarseOnceItsFirstPassArrived() async throws {
        try await checkWholeAndCoarse(try pacedPhoto(width: 1600, height: 1200, progressive: true, seconds: 4, format: "PNG"),
                                      name: "interlaced PNG")
    }

    /// A lossy JPEG XL: libjxl's 1:8 picture comes first, then its groups refine it.
    func testALossyJPEGXLIsDrawnWholeAndCoarseOnceItsFirstPassArrived() async throws {
        try await checkWholeAndCoarse(try pacedPhoto(width: 1600, height: 1200, progressive: true, seconds: 4, format: "JXL"),
                                      name: "lossy JPEG XL")
    }

    /// A lossless JPEG XL arrives group by group with no coarse picture first: libjxl would draw
    /// the groups not yet come black, so nothing is drawn until the whole file is there.
    func testALosslessJPEGXLIsDrawnOnlyWhole() throws {
        let bytes = try pacedPhoto(width: 600, height: 400, format: "JXL").bytes
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) {
            XCTAssertNil(try PartialDecoding.decode(bytes.prefix(cut), fitting: screen, maxPixels: 1 << 24), "cut at \(cut)")
        }
        let whole = try XCTUnwrap(try PartialDecoding.decode(bytes, fitting: screen, maxPixels: 1 << 24))
        let final = try ImageDecoder.original(from: bytes, fitting: screen)
        XCTAssertEqual(whole.pixels, final.pixels, "the whole file, drawn as the page draws it")
    }

    /// Drawn whole (every row) from the first part of the file, and close to the final picture.
    private func checkWholeAndCoarse(_ photo: (url: URL, bytes: Data), name: String) async throws {
        let download = startDownload(photo.url)
        var partial: DecodedImage?
        var receivedThen = 0
        try await waitUntil("the download started") { repository.downloadProgress(for: photo.url) != nil }
        while partial == nil, let progress = repository.downloadProgress(for: photo.url) {
            receivedThen = progress.receivedBytes
            partial = await repository.partialOriginal(for: photo.url, fitting: screen, priority: .interactive)
            if partial == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        _ = try await download.value
        let coarse = try XCTUnwrap(partial, "drawn before the end")
        XCTAssertLessThan(receivedThen, photo.bytes.count / 2, "drawn from the first part, not the whole file")
        let final = try await repository.original(for: photo.url, fitting: screen, priority: .interactive)
        XCTAssertEqual(coarse.sourceSize, final.sourceSize)
        XCTAssertEqual(coarse.texture.pixelWidth, final.texture.pixelWidth)
        XCTAssertEqual(Self.opaqueRows(of: coarse), final.texture.pixelHeight, "every row, coarsely")
        // Coarse but the same picture: on average within a few levels of the final one.
        let difference = zip(coarse.pixels, final.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(difference) / Double(final.pixels.count)
        print("\(name): first drawn after \(receivedThen) of \(photo.bytes.count) bytes, mean difference \(mean)")
        XCTAssertLessThan(mean, 24)
    }

    /// Cut anywhere, as a download may be at any moment: never an error, never fewer rows than
    /// a shorter cut gave.
    func testEveryCutOfAPhotoDrawsWhatItHolds() throws {
        for (progressive, format) in [(false, "JPEG"), (true, "JPEG"), (false, "PNG"), (true, "PNG"), (true, "JXL")] {
            let bytes = try pacedPhoto(width: 400, height: 300, progressive: progressive, format: format).bytes
            var rows = 0, drawn = 0
            for cut in Array(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 150))) + [bytes.count] {
                guard let partial = try PartialDecoding.decode(bytes.prefix(cut), fitting: screen, maxPixels: 1 << 24) else {
                    XCTAssertEqual(rows, 0, "\(format) cut at \(cut): nothing drawn after something was")
                    continue
                }
                drawn += 1
                let now = Self.opaqueRows(of: partial)
                XCTAssertGreaterThanOrEqual(now, rows, "\(format) cut at \(cut)")
                XCTAssertEqual(partial.sourceSize, PixelSize(width: 400, height: 300))
                rows = now
            }
            print("\(format)\(progressive ? " (progressive/interlaced)" : ""): \(bytes.count) bytes, drawn at \(drawn) of 151 cuts")
            XCTAssertEqual(rows, 300, "\(format): all rows once whole")
            XCTAssertGreaterThan(drawn, 100, "\(format): drawn from early on")
        }
    }

    // MARK: The thumbnail standing in

    func testAStoredThumbnailStandsInForItsOriginalAtTheOriginalsSize() async throws {
        let server = try FixtureServer.shared()
        let tag = FixtureServer.uniqueTag()
        let wide = server.url("/img/1200x800.jpg?tag=\(tag)")
        let before = await repository.preview(for: wide)
        XCTAssertNil(before, "nothing before a thumbnail was made")
        let thumbnail = try await repository.thumbnail(for: wide, priority: .visible)
        XCTAssertEqual(thumbnail.texture.pixelWidth, thumbnail.texture.pixelHeight, "the grid still gets a square")

        let made = await repository.preview(for: wide)
        let preview = try XCTUnwrap(made)
        XCTAssertEqual(preview.sourceSize, PixelSize(width: 1200, height: 800), "laid out as the original")
        XCTAssertTrue(preview.isScreenSized)
        XCTAssertEqual(preview.texture.pixelHeight, ImageRepository.Configuration().thumbnailSide)
        XCTAssertEqual(preview.texture.pixelWidth, 189, "the whole picture, not the middle square")

        // A panorama's thumbnail keeps only its middle: it cannot stand for all of it.
        let panorama = server.url("/img/3000x500.jpg?tag=\(tag)")
        _ = try await repository.thumbnail(for: panorama, priority: .visible)
        let panoramaPreview = await repository.preview(for: panorama)
        XCTAssertNil(panoramaPreview)

        // Read back from disk by a new process: the same.
        let again = ImageRepository(http: client, directories: try CacheDirectories(root: folder.url))
        let reread = await again.preview(for: wide)
        XCTAssertEqual(reread?.sourceSize, preview.sourceSize)
        let square = try await again.thumbnail(for: wide, priority: .visible)
        XCTAssertEqual(square.pixels, thumbnail.pixels, "the grid's square from disk is the one made")
    }
}
