import CGtk
import Foundation
import XCTest
@testable import GalleryUI

/// The subtitle's "updated …": a time of day for today, a date with it before today.
final class ListUpdateTimeTests: XCTestCase {
    /// `date` as GLib writes it in local time, the same way the subtitle does.
    private func local(_ date: Date, _ format: String) -> String {
        let dateTime = g_date_time_new_from_unix_local(gint64(date.timeIntervalSince1970))!
        defer { g_date_time_unref(dateTime) }
        let text = g_date_time_format(dateTime, format)!
        defer { g_free(text) }
        return String(cString: text)
    }

    func testTodayShowsOnlyTheTimeOfDay() {
        let now = Date()
        XCTAssertEqual(ListUpdateTime.text(for: now, now: now), local(now, "%-I:%M %p"))
    }

    func testAnEarlierDayShowsTheDateToo() {
        let now = Date()
        let earlier = now.addingTimeInterval(-3 * 24 * 3600)
        let text = ListUpdateTime.text(for: earlier, now: now)
        XCTAssertEqual(text, local(earlier, "%b %-d, %-I:%M %p"))
        XCTAssertTrue(text.hasPrefix(local(earlier, "%b")), text)
    }

    func testTheSameDayOfAnotherYearIsAnotherDay() {
        // 21 November in two years without a leap day: the same day of the year.
        let thisYear = localDate(2026, 11, 21, hour: 15), lastYear = localDate(2025, 11, 21, hour: 9)
        XCTAssertEqual(ListUpdateTime.text(for: lastYear, now: thisYear), local(lastYear, "%b %-d, %-I:%M %p"))
    }

    func testEarlierTheSameDayIsToday() {
        let evening = localDate(2026, 11, 21, hour: 23), morning = localDate(2026, 11, 21, hour: 0)
        XCTAssertEqual(ListUpdateTime.text(for: morning, now: evening), local(morning, "%-I:%M %p"))
    }

    /// A local date at the start of `hour`, as the subtitle's GLib clock sees it.
    private func localDate(_ year: Int32, _ month: Int32, _ day: Int32, hour: Int32) -> Date {
        let dateTime = g_date_time_new_local(year, month, day, hour, 0, 0)!
        defer { g_date_time_unref(dateTime) }
        return Date(timeIntervalSince1970: TimeInterval(g_date_time_to_unix(dateTime)))
    }
}
