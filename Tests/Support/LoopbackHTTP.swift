import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.0 GET to 127.0.0.1 for the fixture's control endpoints. It deliberately does not
/// use `HTTPClient`, so checking the server's log stays independent of the code under test.
enum LoopbackHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the blocking socket I/O on a Dispatch queue, off Swift's cooperative pool.
    static func get(port: Int, path: String) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try blockingGet(port: port, path: path) })
            }
        }
    }

    private static func blockingGet(port: Int, path: String) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect: errno \(errno)") }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard send(fd, request, request.count, 0) == request.count else {
            throw Failure(description: "send: errno \(errno)")
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 { throw Failure(description: "recv: errno \(errno)") }
            if count == 0 { break }
            response.append(contentsOf: buffer[0..<count])
        }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headerEnd = response.firstRange(of: separator) else {
            throw Failure(description: "no header end in response to \(path)")
        }
        return Data(response[headerEnd.upperBound...])
    }
}
