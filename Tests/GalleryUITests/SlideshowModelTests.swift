@testable import GalleryUI
import XCTest

/// The slideshow's timing, skipping and pausing, with a clock of the test's own.
final class SlideshowModelTests: XCTestCase {
    private typealias Readiness = SlideshowModel.Readiness

    func testAPictureStaysItsIntervalThenTheNextReadyOneFollows() {
        let show = SlideshowModel(count: 4, intervalSeconds: 5, now: .seconds(100))
        let ready: (Int) -> Readiness = { _ in .ready }
        XCTAssertNil(show.step(now: .seconds(104.9), from: 0, readiness: ready), "not before five seconds")
        XCTAssertEqual(show.step(now: .seconds(105), from: 0, readiness: ready), .advance(to: 1))
    }

    func testItLoopsPastTheEnd() {
        let show = SlideshowModel(count: 3, intervalSeconds: 3, now: .zero)
        XCTAssertEqual(show.step(now: .seconds(3), from: 2, readiness: { _ in .ready }), .advance(to: 0))
    }

    func testFailedPagesAreSkippedAndALoadingOneIsWaitedFor() {
        let show = SlideshowModel(count: 5, intervalSeconds: 3, now: .zero)
        let states: [Readiness] = [.ready, .failed, .failed, .loading, .ready]
        XCTAssertEqual(show.step(now: .seconds(3), from: 0, readiness: { states[$0] }), .waitFor(3),
                       "the broken links skipped; the picture shown stays while page 4 decodes")
        let decoded: [Readiness] = [.ready, .failed, .failed, .ready, .ready]
        XCTAssertEqual(show.step(now: .seconds(3.3), from: 0, readiness: { decoded[$0] }), .advance(to: 3))
        XCTAssertEqual(show.next(after: 4, readiness: { decoded[$0] }), .advance(to: 0), "looping skips nothing ready")
        XCTAssertEqual(show.previous(before: 3, readiness: { decoded[$0] }), 0, "a step back skips the broken ones too")
    }

    func testWhenEveryOtherPageFailedThePictureStays() {
        let show = SlideshowModel(count: 3, intervalSeconds: 3, now: .zero)
        XCTAssertEqual(show.step(now: .seconds(10), from: 1, readiness: { $0 == 1 ? .ready : .failed }), .stay)
        XCTAssertEqual(SlideshowModel(count: 1, intervalSeconds: 3, now: .zero).next(after: 0, readiness: { _ in .ready }), .stay)
    }

    func testPausingHoldsThePictureAndResumingGivesItAWholeInterval() {
        var show = SlideshowModel(count: 4, intervalSeconds: 10, now: .zero)
        let ready: (Int) -> Readiness = { _ in .ready }
        show.togglePause(now: .seconds(8))
        XCTAssertTrue(show.isPaused)
        XCTAssertNil(show.step(now: .seconds(60), from: 0, readiness: ready), "paused: never due")
        show.togglePause(now: .seconds(60))
        XCTAssertNil(show.step(now: .seconds(69), from: 0, readiness: ready), "ten more seconds from the resume")
        XCTAssertEqual(show.step(now: .seconds(70), from: 0, readiness: ready), .advance(to: 1))
    }

    func testAStepByHandOrANewIntervalRestartsTheTimer() {
        var show = SlideshowModel(count: 4, intervalSeconds: 5, now: .zero)
        let ready: (Int) -> Readiness = { _ in .ready }
        show.pictureShown(now: .seconds(4))
        XCTAssertNil(show.step(now: .seconds(8), from: 1, readiness: ready))
        XCTAssertEqual(show.step(now: .seconds(9), from: 1, readiness: ready), .advance(to: 2))
        show.setInterval(seconds: 30, now: .seconds(9))
        XCTAssertNil(show.step(now: .seconds(38), from: 2, readiness: ready))
        XCTAssertEqual(show.dueAt, .seconds(39))
    }

    func testOnlyTheOfferedIntervalsAreUsed() {
        XCTAssertEqual(SlideshowModel.intervalChoices, [3, 5, 10, 30])
        XCTAssertEqual(SlideshowModel(count: 2, intervalSeconds: 7, now: .zero).interval, .seconds(5), "an edited setting")
        XCTAssertEqual(SlideshowModel(count: 2, intervalSeconds: 30, now: .zero).interval, .seconds(30))
    }
}
