import CGtk
import Foundation

/// SHA-256 through GLib, so the project carries no cryptography of its own.
enum Checksum {
    static func sha256(_ data: Data) -> String {
        let hex = data.withUnsafeBytes { bytes -> UnsafeMutablePointer<gchar>? in
            g_compute_checksum_for_data(G_CHECKSUM_SHA256, bytes.bindMemory(to: guchar.self).baseAddress, gsize(bytes.count))
        }
        defer { g_free(hex) }
        return hex.map { String(cString: $0) } ?? ""
    }
}
