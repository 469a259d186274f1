import CGtk
import Foundation

/// When the links list was last confirmed, for the window's subtitle, in the UI language.
///
/// Foundation's `DateFormatter` on Linux formats for `en_001` whatever LANG says ("2:45 AM" in a
/// Russian window), so the format comes from the translation and GLib fills it in.
enum ListUpdateTime {
    static func text(for date: Date, now: Date = Date()) -> String {
        guard let dateTime = g_date_time_new_from_unix_local(gint64(date.timeIntervalSince1970)) else { return "" }
        defer { g_date_time_unref(dateTime) }
        let format: String
        if isSameLocalDay(dateTime, now) {
            // xgettext:no-c-format
            // Translators: time of day the list was updated today, a g_date_time_format() format;
            // 24-hour clocks use "%H:%M".
            format = L10n.tr("%-I:%M %p")
        } else {
            // xgettext:no-c-format
            // Translators: date and time the list was updated before today, a g_date_time_format()
            // format; prefer numbers to month names (e.g. "%d.%m.%Y, %H:%M").
            format = L10n.tr("%b %-d, %-I:%M %p")
        }
        guard let formatted = g_date_time_format(dateTime, format) else { return "" }
        defer { g_free(formatted) }
        return String(cString: formatted)
    }

    /// GLib's local day, not Foundation's `Calendar.current`: the subtitle is written while the
    /// first frame is prepared, and the first use of `Calendar` loads ICU's calendar and time
    /// zone data (about 3 MB, and milliseconds on the main thread) for this one comparison.
    private static func isSameLocalDay(_ dateTime: OpaquePointer, _ now: Date) -> Bool {
        guard let today = g_date_time_new_from_unix_local(gint64(now.timeIntervalSince1970)) else { return false }
        defer { g_date_time_unref(today) }
        return g_date_time_get_year(dateTime) == g_date_time_get_year(today)
            && g_date_time_get_day_of_year(dateTime) == g_date_time_get_day_of_year(today)
    }
}
