import Foundation

/// One original arriving: passes every write on to the sink that stores it (a cache file, or
/// counted memory) and keeps count, so the viewer can say how far it has come and draw what
/// arrived from that sink's own bytes. Written on the network thread, read from any.
final class LiveDownload: HTTPBodySink, @unchecked Sendable { // state under `lock`
    let key: String
    private let sink: any ReadableBodySink
    private let lock = NSLock()
    private var received = 0
    private var expected: Int?
    private var lastArrival = ContinuousClock.now

    init(key: String, sink: any ReadableBodySink) {
        self.key = key
        self.sink = sink
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard sink.write(bytes) else { return false }
        lock.withLock {
            received += bytes.count
            lastArrival = .now
        }
        return true
    }

    /// The size the response declares, once its headers are in.
    func expect(_ head: HTTPResponseHead) {
        guard head.isSuccess, let length = head.contentLength else { return }
        lock.withLock { expected = length }
    }

    var progress: DownloadProgress {
        lock.withLock {
            DownloadProgress(receivedBytes: received, expectedBytes: expected, quietFor: ContinuousClock.now - lastArrival)
        }
    }

    /// What has arrived so far, read back from the sink.
    func receivedBytes(maxBytes: Int) -> Data? { sink.bytesWritten(maxBytes: maxBytes) }
}
