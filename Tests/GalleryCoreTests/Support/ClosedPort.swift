import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port nothing listens on, for "connection refused" tests: the kernel hands out a free
/// port, we close it again, and nobody else is likely to grab it within the test.
enum ClosedPort {
    struct Failure: Error {}

    static func find() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure() }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure() }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
