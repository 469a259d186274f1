import CGtk
import Foundation
import GalleryCore

/// Why a picture failed, as rows a person reads and copies into a bug report: the address
/// asked, the one that answered after redirects, the server's status, type and sizes, the
/// reason in words, libcurl's own when it has some, the library that refused the picture, and
/// when. Built from the repository's
/// `FailureReport`, or from the failure alone when nothing more is known (a verdict remembered
/// from an earlier run).
struct FailureDetails: Equatable {
    struct Row: Equatable {
        let label: String
        let value: String
    }

    let rows: [Row]

    init(url: URL, error: LoadError, report: FailureReport?) {
        let report = report.flatMap { $0.asked == url ? $0 : nil }
        var rows = [Row(label: L10n.tr("Address"), value: url.absoluteString)]
        // A picture read from the cache that a decoder refused was asked of no server this run.
        if let report, report.answeredBy != nil || report.decoder == nil {
            rows.append(Row(label: L10n.tr("Answered by"), value: report.answeredBy?.absoluteString ?? L10n.tr("No server answered")))
        }
        if let report {
            if let status = report.status { rows.append(Row(label: L10n.tr("Server's answer"), value: Self.statusText(status))) }
            if let type = report.contentType { rows.append(Row(label: L10n.tr("Type"), value: type)) }
            if let announced = report.announcedBytes {
                rows.append(Row(label: L10n.tr("Announced size"), value: Self.bytesText(announced)))
            }
            if let received = report.receivedBytes { rows.append(Row(label: L10n.tr("Received"), value: Self.bytesText(received))) }
        }
        let reason = report?.error ?? error
        rows.append(Row(label: L10n.tr("Reason"), value: "\(ErrorMessages.title(for: reason)). \(ErrorMessages.explanation(for: reason))"))
        if let detail = report?.transferDetail { rows.append(Row(label: L10n.tr("Transfer"), value: detail)) }
        if let decoder = report?.decoder { rows.append(Row(label: L10n.tr("Decoder"), value: decoder)) }
        if let at = report?.at { rows.append(Row(label: L10n.tr("Tried"), value: Self.timeText(at))) }
        self.rows = rows
    }

    /// For the clipboard: one "label: value" line each.
    var plainText: String {
        rows.map { "\($0.label): \($0.value)" }.joined(separator: "\n") + "\n"
    }

    /// "404 Not Found": the number, and the standard phrase for the common ones (a server's own
    /// phrase is not kept: it is the server's text).
    static func statusText(_ status: Int) -> String {
        let phrases = [200: "OK", 204: "No Content", 206: "Partial Content", 301: "Moved Permanently", 302: "Found",
                       304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
                       408: "Request Timeout", 410: "Gone", 429: "Too Many Requests", 500: "Internal Server Error",
                       502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"]
        return phrases[status].map { "\(status) \($0)" } ?? String(status)
    }

    /// "1.2 MB (1,234,567 bytes)": GLib's size, and the exact count for a report.
    static func bytesText(_ bytes: Int) -> String {
        guard let text = g_format_size_full(guint64(max(0, bytes)), G_FORMAT_SIZE_LONG_FORMAT) else { return String(bytes) }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The date and time to the second, in the UI language: GLib fills in the translation's
    /// format (Foundation's formatter on Linux writes English whatever LANG says, `ListUpdateTime`).
    static func timeText(_ date: Date) -> String {
        guard let dateTime = g_date_time_new_from_unix_local(gint64(date.timeIntervalSince1970)) else { return "" }
        defer { g_date_time_unref(dateTime) }
        // xgettext:no-c-format
        // Translators: when a picture failed, a g_date_time_format() format; prefer numbers to
        // month names (e.g. "%d.%m.%Y, %H:%M:%S").
        guard let formatted = g_date_time_format(dateTime, L10n.tr("%b %-d, %Y, %-I:%M:%S %p")) else { return "" }
        defer { g_free(formatted) }
        return String(cString: formatted)
    }
}
