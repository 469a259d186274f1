import CGtk
import Foundation
@testable import GalleryUI
import XCTest

/// A schema compiled for an older version can still be installed: GSettings aborts the process
/// on a key it lacks, so such keys must be kept in memory instead.
final class AppSettingsTests: XCTestCase {
    private static let schemaID = "io.github.linkgallery.LinkGalleryOlder"

    /// A schema without `recent-lists`, with `window-width` of another type, and a default
    /// for `window-height` that proves the schema is read, compiled into a folder of its own.
    private func compileOlderSchema() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let xml = """
            <schemalist>
              <schema id="\(Self.schemaID)" path="/io/github/linkgallery/LinkGalleryOlderTest/">
                <key name="window-width" type="s"><default>'wide'</default></key>
                <key name="window-height" type="i"><default>555</default></key>
              </schema>
            </schemalist>
            """
        try xml.write(to: folder.appendingPathComponent("\(Self.schemaID).gschema.xml"), atomically: true, encoding: .utf8)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["glib-compile-schemas", "--strict", folder.path]
        try compiler.run()
        compiler.waitUntilExit()
        XCTAssertEqual(compiler.terminationStatus, 0)
        return folder
    }

    func testKeysTheInstalledSchemaLacksOrTypesOtherwiseLiveInMemory() throws {
        let folder = try compileOlderSchema()
        defer { try? FileManager.default.removeItem(at: folder) }
        MainActor.assumeIsolated {
            var error: UnsafeMutablePointer<GError>?
            let source = g_settings_schema_source_new_from_directory(folder.path, nil, 1, &error)
            XCTAssertNil(error)
            g_clear_error(&error)
            defer { if let source { g_settings_schema_source_unref(source) } }
            let settings = AppSettings(schemaID: Self.schemaID, source: source)

            XCTAssertEqual(settings.windowHeight, 555, "a key the schema has is read from it")
            XCTAssertEqual(settings.recentLists.count, 0)
            settings.recentLists = [("https://example.com/a.txt", "a.txt", 7)]
            XCTAssertEqual(settings.recentLists.map(\.0), ["https://example.com/a.txt"])
            XCTAssertEqual(settings.windowWidth, 900, "a key of another type reads the built-in default")
            settings.windowWidth = 1200
            XCTAssertEqual(settings.windowWidth, 1200)
            settings.colorScheme = .dark
            XCTAssertEqual(settings.colorScheme, .dark)
            XCTAssertFalse(settings.keepZoomWhenPaging)
            settings.keepZoomWhenPaging = true
            XCTAssertTrue(settings.keepZoomWhenPaging)
        }
    }
}
