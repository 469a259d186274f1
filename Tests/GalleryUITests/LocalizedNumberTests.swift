import Foundation
@testable import GalleryUI
import XCTest

/// Decimals as a Russian reader writes them. The Russian locale is built at test time from
/// glibc's own sources (`localedef`, Debian package `locales`) into a folder of its own, so the
/// machine's installed locales do not matter.
final class LocalizedNumberTests: XCTestCase {
    func testNumbersFollowTheLocalesDecimalSeparator() throws {
        XCTAssertEqual(LocalizedNumber.fixed(12.2, fractionDigits: 1), "12.2")
        XCTAssertEqual(LocalizedNumber.decimal(50), "50")

        try withNumbersOf("ru_RU") {
            XCTAssertEqual(LocalizedNumber.fixed(12.2, fractionDigits: 1), "12,2")
            XCTAssertEqual(LocalizedNumber.decimal(5.6), "5,6")
            XCTAssertEqual(LocalizedNumber.decimal(50), "50")
            XCTAssertEqual(PropertyRows.coordinates((latitude: -33.8688, longitude: 151.2093)), "33,86880° S, 151,20930° E")
            XCTAssertEqual(DownloadProgressText.formatSize(1_234_567), "1,2\u{A0}MB", "GLib's sizes write the same")
        }
        XCTAssertEqual(LocalizedNumber.fixed(12.2, fractionDigits: 1), "12.2", "back to the test's own locale")
    }

    private func withNumbersOf(_ locale: String, _ body: () throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", locale, "-f", "UTF-8", folder.appendingPathComponent("\(locale).UTF-8").path]
        try localedef.run()
        localedef.waitUntilExit()
        XCTAssertEqual(localedef.terminationStatus, 0, "localedef built \(locale)")

        setenv("LOCPATH", folder.path, 1)
        let previous = String(cString: setlocale(LC_NUMERIC, nil))
        defer {
            setlocale(LC_NUMERIC, previous)
            unsetenv("LOCPATH")
        }
        guard setlocale(LC_NUMERIC, "\(locale).UTF-8") != nil else { return XCTFail("no \(locale) numbers") }
        try body()
    }
}
