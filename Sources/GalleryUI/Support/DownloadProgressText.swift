import CGtk
import Foundation
import GalleryCore

/// How far a download has come, in words: "1.2 of 4.1 MB", "1.2 MB" when the size is not
/// known, or that the server has gone quiet. Sizes are GLib's (`g_format_size`, decimal units
/// as GNOME shows them everywhere), the received part in the total's unit, so the two read as
/// one quantity.
enum DownloadProgressText {
    static func text(for progress: DownloadProgress) -> String {
        if progress.isStalled { return L10n.tr("Waiting for the server…") }
        guard let total = progress.expectedBytes, total > 0 else { return formatSize(progress.receivedBytes) }
        let totalText = formatSize(total)
        // Translators: the part of a download received, then its whole size with the unit: "1.2 of 4.1 MB".
        return L10n.format("%1$s of %2$s", amount(progress.receivedBytes, inUnitOf: total), totalText)
    }

    static func formatSize(_ bytes: Int) -> String {
        guard let text = g_format_size(guint64(max(0, bytes))) else { return String(bytes) }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// `bytes` as a number in the unit `g_format_size` picks for `total`, with one decimal in the
    /// person's locale ("1,2" in Russian): GLib uses kB, MB, GB of 1000.
    private static func amount(_ bytes: Int, inUnitOf total: Int) -> String {
        guard total >= 1000 else { return String(bytes) }
        var unit = 1000.0
        while Double(total) >= unit * 1000, unit < 1e15 { unit *= 1000 } // GLib's thresholds
        return LocalizedNumber.fixed(Double(bytes) / unit, fractionDigits: 1)
    }
}
