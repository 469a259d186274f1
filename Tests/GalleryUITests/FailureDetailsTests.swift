import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

/// The rows of a failure's Details and the text Copy Details puts on the clipboard.
final class FailureDetailsTests: XCTestCase {
    private let asked = URL(string: "https://example.com/a/photo.jpg")!

    func testEveryKnownFactIsARowInOrder() {
        var report = FailureReport(asked: asked, error: .serverError(status: 404), at: Date(timeIntervalSince1970: 1_700_000_000))
        report.answeredBy = URL(string: "https://cdn.example.com/photo.jpg")
        report.status = 404
        report.contentType = "text/html"
        report.announcedBytes = 1_234_567
        report.receivedBytes = 512
        let details = FailureDetails(url: asked, error: .serverError(status: 404), report: report)
        XCTAssertEqual(details.rows.map(\.label),
                       ["Address", "Answered by", "Server's answer", "Type", "Announced size", "Received", "Reason", "Tried"])
        XCTAssertEqual(details.rows[1].value, "https://cdn.example.com/photo.jpg")
        XCTAssertEqual(details.rows[2].value, "404 Not Found")
        XCTAssertTrue(details.rows[4].value.contains("1,234,567 bytes") || details.rows[4].value.contains("1234567"),
                      details.rows[4].value)
        XCTAssertTrue(details.rows[6].value.hasPrefix(ErrorMessages.title(for: .serverError(status: 404))))
        XCTAssertFalse(details.rows[7].value.isEmpty)
        let text = details.plainText
        XCTAssertTrue(text.hasPrefix("Address: https://example.com/a/photo.jpg\nAnswered by: https://cdn.example.com/photo.jpg\n"), text)
        XCTAssertEqual(text.split(separator: "\n").count, details.rows.count)
    }

    func testWithoutAReportTheAddressAndTheReasonAreSaid() {
        let details = FailureDetails(url: asked, error: .notAnImage, report: nil)
        XCTAssertEqual(details.rows.map(\.label), ["Address", "Reason"])
        let elsewhere = FailureReport(asked: URL(string: "https://example.com/other.png")!, error: .damaged)
        XCTAssertEqual(FailureDetails(url: asked, error: .notAnImage, report: elsewhere), details,
                       "another picture's report is not this one's")
    }

    func testNoServerAnsweredAndLibcurlsWordsAreSaid() {
        var report = FailureReport(asked: asked, error: .badResponse)
        report.transferDetail = "SSL certificate problem (libcurl 60)"
        let details = FailureDetails(url: asked, error: .badResponse, report: report)
        XCTAssertEqual(details.rows[1].value, "No server answered")
        XCTAssertEqual(details.rows.first { $0.label == "Transfer" }?.value, "SSL certificate problem (libcurl 60)")
        XCTAssertEqual(FailureDetails.statusText(418), "418")
    }

    /// A picture a decoder refused names the library, after the reason; read from the cache (no
    /// server asked this run), it does not claim that no server answered.
    func testTheDecoderThatRefusedThePictureIsARow() {
        var downloaded = FailureReport(asked: asked, error: .damaged)
        downloaded.answeredBy = asked
        downloaded.status = 200
        downloaded.decoder = "libpng"
        let details = FailureDetails(url: asked, error: .damaged, report: downloaded)
        XCTAssertEqual(details.rows.map(\.label), ["Address", "Answered by", "Server's answer", "Reason", "Decoder", "Tried"])
        XCTAssertEqual(details.rows[4].value, "libpng")
        var cached = FailureReport(asked: asked, error: .damaged)
        cached.decoder = "gdk-pixbuf"
        XCTAssertEqual(FailureDetails(url: asked, error: .damaged, report: cached).rows.map(\.label),
                       ["Address", "Reason", "Decoder", "Tried"])
    }
}
