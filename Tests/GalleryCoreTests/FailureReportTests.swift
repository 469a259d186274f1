import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// What the repository tells of a failure, against the fault-injecting server on 127.0.0.1:
/// the address asked and the one that answered after a redirect, the status, type and sizes,
/// the class of failure, and that a load that succeeds later leaves no stale report.
final class FailureReportTests: RepositoryTestCase {


    private func thumbnailError(_ url: URL) async -> LoadError? {
        do {
            _ = try await repository.thumbnail(for: url, priority: .interactive)
            return nil
        } catch {
            return error as? LoadError
        }
    }

    func testA404BehindARedirectSaysWhoAnsweredAndWhat() async throws {
        let server = try FixtureServer.shared()
        let asked = server.url("/redirect/fault/404?tag=\(FixtureServer.uniqueTag())")
        let before = Date()
        let failure = await thumbnailError(asked)
        XCTAssertEqual(failure, .serverError(status: 404))
        let report = try XCTUnwrap(repository.failureReport(for: asked))
        XCTAssertEqual(report.asked, asked)
        XCTAssertEqual(report.answeredBy?.path, "/fault/404", "the address after the redirect")
        XCTAssertEqual(report.status, 404)
        XCTAssertEqual(report.contentType, "text/html")
        XCTAssertEqual(report.error, .serverError(status: 404))
        XCTAssertNotNil(report.receivedBytes)
        XCTAssertNil(report.transferDetail)
        XCTAssertGreaterThanOrEqual(report.at, before)
    }

    func testADamagedPictureKeepsTheServersAnswerAndSaysDamaged() async throws {
        let server = try FixtureServer.shared()
        let asked = server.url("/fault/truncated.jpg?tag=\(FixtureServer.uniqueTag())")
        let failure = await thumbnailError(asked)
        XCTAssertEqual(failure, .damaged)
        let report = try XCTUnwrap(repository.failureReport(for: asked))
        XCTAssertEqual(report.status, 200)
        XCTAssertEqual(report.contentType, "image/jpeg")
        XCTAssertEqual(report.answeredBy, asked)
        let announced = try XCTUnwrap(report.announcedBytes)
        XCTAssertEqual(report.receivedBytes, announced, "the whole (cut) body came, as announced")
        XCTAssertEqual(report.error, .damaged)
    }

    func testNoServerGivesNoAnswerAndARetryThatWorksLeavesNoReport() async throws {
        let server = try FixtureServer.shared()
        let refused = URL(string: "http://127.0.0.1:\(try ClosedPort.find())/picture.png")!
        let refusal = await thumbnailError(refused)
        XCTAssertEqual(refusal, .noConnection)
        let report = try XCTUnwrap(repository.failureReport(for: refused))
        XCTAssertNil(report.answeredBy)
        XCTAssertNil(report.status)

        let key = FixtureServer.uniqueTag()
        let flaky = server.url("/fault/500-then-200/\(key)")
        let first = await thumbnailError(flaky)
        XCTAssertEqual(first, .serverError(status: 500))
        XCTAssertEqual(repository.failureReport(for: flaky)?.status, 500)
        let second = await thumbnailError(flaky)
        XCTAssertNil(second, "the second request gets the picture")
        XCTAssertNil(repository.failureReport(for: flaky), "a picture that loaded has no failure to tell")
    }
}
