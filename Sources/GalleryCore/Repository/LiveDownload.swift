import Foundation
import Synchronization

/// One original arriving: passes every write on to the sink that stores it (a cache file, or
/// counted memory) and keeps count, so the viewer can say how far it has come and draw what
/// arrived from that sink's own bytes. Written on the network thread, read from any.
final class LiveDownload: HTTPBodySink, Sendable {
    private struct Count {
        var received = 0
        var expected: Int?
        var lastArrival = ContinuousClock.now
    }

    let key: String
    private let sink: any ReadableBodySink
    private let count = Mutex(Count())

    init(key: String, sink: any ReadableBodySink) {
        self.key = key
        self.sink = sink
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard sink.write(bytes) else { return false }
        count.withLock { count in
            count.received += bytes.count
            count.lastArrival = .now
        }
        return true
    }

    /// The download starts over: so does its count.
    func restart() -> Bool {
        guard sink.restart() else { return false }
        count.withLock { $0.received = 0 }
        return true
    }

    /// The size the response declares, once its headers are in.
    func expect(_ head: HTTPResponseHead) {
        guard head.isSuccess, let length = head.contentLength else { return }
        count.withLock { $0.expected = length }
    }

    var progress: DownloadProgress {
        count.withLock { count in
            DownloadProgress(receivedBytes: count.received, expectedBytes: count.expected, quietFor: ContinuousClock.now - count.lastArrival)
        }
    }

    /// What has arrived so far, read back from the sink.
    func receivedBytes(maxBytes: Int) -> Data? { sink.bytesWritten(maxBytes: maxBytes) }

    /// The same as a file a worker maps (`ArrivedFile`); nil when they are in memory.
    func receivedFile(maxBytes: Int) -> ArrivedFile? { sink.arrivedFile(maxBytes: maxBytes) }
}
