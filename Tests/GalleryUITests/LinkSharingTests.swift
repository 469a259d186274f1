import CGtk
import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import XCTest

/// Runs the real `openInBrowser` against a stand-in `xdg-open` script on PATH, and the real
/// clipboard of the Xvfb display.
final class LinkSharingTests: XCTestCase {
    private var folder: URL!
    private var savedPath = ""

    override func setUp() {
        super.setUp()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharing-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        savedPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
        // Register the application with the real PATH: GIO looks for its D-Bus helpers there.
        MainActor.assumeIsolated { _ = GtkTestEnvironment.setUp() }
        setenv("PATH", folder.path, 1)
    }

    override func tearDown() {
        setenv("PATH", savedPath, 1)
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// An `xdg-open` that writes its argument count and arguments to `record`, then creates
    /// `record.done` and exits. Shell builtins only: PATH holds nothing but this script.
    private func installOpener(exitStatus: Int = 0) -> URL {
        let record = folder.appendingPathComponent("opened.txt")
        let script = folder.appendingPathComponent("xdg-open")
        let body = "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > '\(record.path)'\n: > '\(record.path).done'\nexit \(exitStatus)\n"
        try! body.write(to: script, atomically: true, encoding: .utf8)
        try! FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return record
    }

    func testOpensTheLinkAsTheOnlyArgumentWithoutAShell() throws {
        let record = installOpener()
        let tricky = "https://example.com/a b?q=1&x=$(touch /tmp/pwned);echo"
        let url = try XCTUnwrap(URL(string: tricky.replacingOccurrences(of: " ", with: "%20")))
        try MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            try LinkSharing.openInBrowser(url)
            XCTAssertTrue(GtkTestEnvironment.spin { FileManager.default.fileExists(atPath: record.path + ".done") })
        }
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["1", url.absoluteString])
    }

    func testTheBrowserGetsTheLaunchContextsActivationToken() throws {
        let record = folder.appendingPathComponent("environment.txt")
        let script = folder.appendingPathComponent("xdg-open")
        let body = "#!/bin/sh\nprintf '%s\\n' \"$DESKTOP_STARTUP_ID\" \"$XDG_ACTIVATION_TOKEN\" > '\(record.path)'\n: > '\(record.path).done'\n"
        try body.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            try LinkSharing.openInBrowser(URL(string: "https://example.com/")!)
            XCTAssertTrue(GtkTestEnvironment.spin { FileManager.default.fileExists(atPath: record.path + ".done") })
        }
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // On X11 GDK's id is "<program>-<pid>-<host>-<name>-<n>_TIME<time>".
        XCTAssertTrue(lines[0].contains("_TIME"), lines[0])
        XCTAssertEqual(lines[1], lines[0])
    }

    func testReportsAnOpenerThatFails() throws {
        let record = installOpener(exitStatus: 3)
        try MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            var failure: LinkSharing.Failure?
            try LinkSharing.openInBrowser(URL(string: "http://example.com/")!) { failure = $0 }
            XCTAssertTrue(GtkTestEnvironment.spin { failure != nil })
            guard case .openerFailed = failure else { return XCTFail("got \(String(describing: failure))") }
            XCTAssertTrue(FileManager.default.fileExists(atPath: record.path))
        }
    }

    func testRefusesNonWebLinksAndAMissingOpener() throws {
        try MainActor.assumeIsolated { () throws -> Void in
            _ = GtkTestEnvironment.setUp()
            for link in ["file:///etc/passwd", "ftp://example.com/x.png", "javascript:alert(1)"] {
                XCTAssertThrowsError(try LinkSharing.openInBrowser(URL(string: link)!)) { error in
                    XCTAssertEqual(error as? LinkSharing.Failure, .notAWebLink, link)
                }
            }
            // PATH points at an empty folder: no xdg-open.
            XCTAssertThrowsError(try LinkSharing.openInBrowser(URL(string: "https://example.com/")!)) { error in
                XCTAssertEqual(error as? LinkSharing.Failure, .browserOpenerMissing)
            }
        }
    }

    func testCopiesTheLinkAndTheImageToTheClipboard() {
        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            let display = gdk_display_get_default()!
            let clipboard = gdk_display_get_clipboard(display)!
            LinkSharing.copyLink(URL(string: "https://example.com/cat.png?size=large")!)
            XCTAssertEqual(Self.clipboardValue(clipboard, type: GType(16 << 2)).map { String(cString: g_value_get_string($0)) },
                           "https://example.com/cat.png?size=large")

            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 7, 5)!
            gdk_pixbuf_fill(pixbuf, 0xFF00_00FF)
            let texture = TextureHandle(taking: gdk_texture_new_for_pixbuf(pixbuf)!)
            g_object_unref(pixbuf.rawPointer)
            LinkSharing.copyImage(texture)
            let copied = Self.clipboardValue(clipboard, type: gdk_texture_get_type()).map { g_value_get_object($0) }
            XCTAssertEqual(copied.map { UnsafeMutableRawPointer($0) }, UnsafeMutableRawPointer(texture.texture))
        }
    }

    /// What this process put on the clipboard, read back through its content provider.
    @MainActor
    private static func clipboardValue(_ clipboard: OpaquePointer, type: GType) -> UnsafeMutablePointer<GValue>? {
        guard gdk_clipboard_is_local(clipboard) != 0, let provider = gdk_clipboard_get_content(clipboard) else { return nil }
        let value = UnsafeMutablePointer<GValue>.allocate(capacity: 1)
        value.initialize(to: GValue())
        g_value_init(value, type)
        var error: UnsafeMutablePointer<GError>?
        guard gdk_content_provider_get_value(provider, value, &error) != 0 else {
            g_clear_error(&error)
            return nil
        }
        return value // leaked on purpose: a few bytes per test run
    }
}
