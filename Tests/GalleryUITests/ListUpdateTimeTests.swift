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
        let now = Date()
        let lastYear = now.addingTimeInterval(-365 * 24 * 3600)
        // 365 days back is the same day of the year unless a leap day lies between.
        XCTAssertEqual(ListUpdateTime.text(for: lastYear, now: now), local(lastYear, "%b %-d, %-I:%M %p"))
    }
}
