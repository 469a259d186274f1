import Foundation
import Glibc

/// Reads a file of /proc. Foundation's `String(contentsOfFile:)` trusts the size `stat` gives,
/// which is 0 for every file there: it read them as empty.
enum ProcFile {
    static func read(_ path: String, maxBytes: Int = 1 << 20) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count < maxBytes {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
