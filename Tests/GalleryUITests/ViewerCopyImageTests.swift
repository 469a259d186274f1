import CGtk
import Foundation
import GObjectSupport
@testable import GalleryCore
import GalleryTestSupport
@testable import GalleryUI
import TestRequirements
import XCTest

/// Copy Image in the viewer over the app's real `ImageRepository` and a real worker: another
/// application that pastes the picture's own type gets the file with its ICC profile and EXIF
/// — the original as downloaded, or, turned, its turned copy — and one that takes PNG gets the
/// pixels shown.
final class ViewerCopyImageTests: XCTestCase {
    private static let profilePath = "/usr/share/color/icc/ghostscript/a98.icc"
    private var cacheRoot: URL!
    private var server: FixtureServer!

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cacheRoot, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: cacheRoot)
    }

    /// A 90×60 JPEG stored on its side (EXIF 6), with the Adobe RGB profile, written by PIL.
    private func taggedJPEG() throws -> Data {
        let file = cacheRoot.appendingPathComponent("tagged.jpg")
        let script = """
        import sys
        from PIL import Image
        image = Image.merge("RGB", (Image.linear_gradient("L").rotate(90).resize((90, 60)),
                                    Image.linear_gradient("L").resize((90, 60)), Image.effect_noise((90, 60), 60)))
        exif = Image.Exif()
        exif[0x0112] = 6
        image.save(sys.argv[1], "JPEG", quality=95, exif=exif.tobytes(), icc_profile=open(sys.argv[2], "rb").read())
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, file.path, Self.profilePath]
        guard FileManager.default.fileExists(atPath: Self.profilePath), (try? process.run()) != nil else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL and libgs-common's ICC profiles")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestRequirement.missing("needs /usr/bin/python3 with PIL") }
        return try Data(contentsOf: file)
    }

    func testCopyImageOffersTheFileWithItsProfileAndTheTurnedCopyOnceTurned() throws {
        let original = try taggedJPEG()
        let url = try server.writeFile(name: "tagged-\(FixtureServer.uniqueTag()).jpg", contents: original)
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: cacheRoot))
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest([url], at: 0, source: repository)
            defer { viewer.closeForTest() }
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 20) { viewer.store.image(at: 0) != nil })

            viewer.activate(.copyImage)
            XCTAssertTrue(Self.clipboardTypes().contains("image/jpeg"), "the file's own type")
            XCTAssertTrue(Self.clipboardTypes().contains("image/png"), "the pixels, for readers of PNG")
            XCTAssertEqual(Self.clipboardBytes("image/jpeg"), original, "the original as downloaded, every byte")

            viewer.activate(.rotateRight)
            viewer.activate(.copyImage)
            guard let turned = Self.clipboardBytes("image/jpeg") else { return XCTFail("no turned copy on the clipboard") }
            XCTAssertEqual(turned.count, original.count, "retagged, not encoded again")
            XCTAssertEqual(zip(original, turned).filter { $0 != $1 }.count, 1, "one byte: the orientation")
            XCTAssertEqual(PictureFacts.read(turned).orientation, 3, "stored on its side, turned right: upside down")
            XCTAssertEqual(PictureFacts.read(turned).colorProfile, PictureFacts.read(original).colorProfile, "the profile kept")

            guard let png = Self.clipboardBytes("image/png"), let facts = Optional(PictureFacts.read(png)) else {
                return XCTFail("no PNG on the clipboard")
            }
            XCTAssertEqual(facts.size.map { [$0.width, $0.height] }, [90, 60], "the pixels shown: upright, then turned right")
        }
    }

    /// The MIME types the clipboard offers, as another application sees them.
    @MainActor
    private static func clipboardTypes() -> [String] {
        let clipboard = gdk_display_get_clipboard(gdk_display_get_default()!)!
        guard let formats = gdk_clipboard_get_formats(clipboard) else { return [] }
        var count: gsize = 0
        guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }
    }

    /// What a reader of `mimeType` gets from the clipboard, read as another application reads
    /// it (GDK serializes the pixels for a type the file is not).
    @MainActor
    private static func clipboardBytes(_ mimeType: String) -> Data? {
        let clipboard = gdk_display_get_clipboard(gdk_display_get_default()!)!
        final class Reading {
            var input: UnsafeMutablePointer<GInputStream>?
            var finished = false, copied = false
            let memory = g_memory_output_stream_new_resizable()!
            deinit { g_object_unref(memory); if let input { g_object_unref(input) } }
        }
        let reading = Reading()
        let context = Unmanaged.passUnretained(reading).toOpaque()
        var types: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(mimeType)), nil]
        gdk_clipboard_read_async(clipboard, &types, G_PRIORITY_DEFAULT, nil, { source, result, data in
            let reading = Unmanaged<Reading>.fromOpaque(data!).takeUnretainedValue()
            reading.input = gdk_clipboard_read_finish(OpaquePointer(source), result, nil, nil)
            guard let input = reading.input else { reading.finished = true; return }
            let flags = GOutputStreamSpliceFlags(rawValue: G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue)
            g_output_stream_splice_async(reading.memory.cast(), input, flags, G_PRIORITY_DEFAULT, nil, { target, result, data in
                let reading = Unmanaged<Reading>.fromOpaque(data!).takeUnretainedValue()
                reading.copied = g_output_stream_splice_finish(target?.cast(), result, nil) >= 0
                reading.finished = true
            }, data)
        }, context)
        defer { free(UnsafeMutableRawPointer(mutating: types[0])) }
        guard GtkTestEnvironment.spin(timeout: 20, until: { reading.finished }), reading.copied else { return nil }
        let memory: UnsafeMutablePointer<GMemoryOutputStream> = reading.memory.cast()
        guard let bytes = g_memory_output_stream_get_data(memory) else { return nil }
        return Data(bytes: bytes, count: Int(g_memory_output_stream_get_data_size(memory)))
    }
}
