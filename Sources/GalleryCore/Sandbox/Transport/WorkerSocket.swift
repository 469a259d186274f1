import CSandbox
import Foundation
import Glibc

/// Whole messages over a worker's socket, in both directions. Writes never raise SIGPIPE
/// (`MSG_NOSIGNAL`), and on the app's side reads and writes stop at a deadline (a worker that
/// stops reading fills the socket's buffer and would hold a write forever), so a worker that
/// died or hangs costs one decode, never the app.
enum WorkerSocket {
    /// `count` bytes, or nil at end of file, an error, or the deadline.
    static func read(count: Int, from descriptor: Int32, until deadline: ContinuousClock.Instant? = nil) -> Data? {
        var data = Data(count: count)
        let complete = data.withUnsafeMutableBytes { bytes in
            bytes.baseAddress.map { read(into: $0, count: count, from: descriptor, until: deadline) } ?? (count == 0)
        }
        return complete ? data : nil
    }

    /// `count` bytes into `memory`; false at end of file, an error, or the deadline.
    static func read(into memory: UnsafeMutableRawPointer, count: Int, from descriptor: Int32,
                     until deadline: ContinuousClock.Instant? = nil) -> Bool {
        var offset = 0
        while offset < count {
            if let deadline, !waitReady(descriptor, for: POLLIN, until: deadline) { return false }
            let received = recv(descriptor, memory + offset, count - offset, 0)
            if received < 0, errno == EINTR { continue }
            guard received > 0 else { return false }
            offset += received
        }
        return true
    }

    /// With a deadline (the app's side), no send blocks: "writable" from `poll` means room for a
    /// byte, not for all of them, and a worker that stopped reading would hold a blocking send
    /// for ever; each send takes what fits (`MSG_DONTWAIT`) and the rest waits for room again.
    static func write(_ data: Data, to descriptor: Int32, until deadline: ContinuousClock.Instant? = nil) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            let flags = Int32(MSG_NOSIGNAL) | (deadline == nil ? 0 : Int32(MSG_DONTWAIT))
            while offset < bytes.count {
                if let deadline, !waitReady(descriptor, for: POLLOUT, until: deadline) { return false }
                let sent = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, flags)
                if sent < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// `data` with `descriptors` passed along (SCM_RIGHTS): a request and its memfds.
    static func write(_ data: Data, passing descriptors: [Int32], to socket: Int32,
                      until deadline: ContinuousClock.Instant? = nil) -> Bool {
        var sent = -1
        repeat {
            if let deadline, !waitReady(socket, for: POLLOUT, until: deadline) { return false }
            sent = data.withUnsafeBytes { bytes in
                descriptors.withUnsafeBufferPointer {
                    sandbox_send_with(socket, bytes.baseAddress, bytes.count, $0.baseAddress, Int32($0.count), deadline == nil ? 1 : 0)
                }
            }
        } while sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        guard sent > 0 else { return false }
        return sent == data.count || write(data.dropFirst(sent), to: socket, until: deadline)
    }

    /// `count` bytes and up to `capacity` descriptors that came with them (the worker's side,
    /// blocking); nil at end of file or an error, when any descriptor received is closed.
    static func read(count: Int, passing capacity: Int, from socket: Int32) -> (data: Data, descriptors: [Int32])? {
        var data = Data(count: count)
        var descriptors = [Int32](repeating: -1, count: max(1, capacity))
        var received: Int32 = 0
        var offset = 0
        while offset < count {
            let got = data.withUnsafeMutableBytes { bytes in
                sandbox_receive_with(socket, bytes.baseAddress! + offset, count - offset, &descriptors, Int32(capacity), &received)
            }
            guard got > 0 else {
                descriptors.prefix(Int(received)).forEach { close($0) }
                return nil
            }
            offset += got
        }
        return (data, Array(descriptors.prefix(Int(received))))
    }

    private static func waitReady(_ descriptor: Int32, for event: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var poller = pollfd(fd: descriptor, events: Int16(event), revents: 0)
            let ready = poll(&poller, 1, min(milliseconds, 200))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
    }
}
