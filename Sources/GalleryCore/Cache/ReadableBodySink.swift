import Foundation

/// A body sink whose bytes can be read back while the transfer still writes to it: the viewer
/// draws a photo's received rows from the same bytes that go to the cache, never a second copy
/// of the download.
public protocol ReadableBodySink: HTTPBodySink {
    /// The bytes written so far (at most `maxBytes`), or nil once the sink was handed on or
    /// dropped. Called from any thread; never waits for the network.
    func bytesWritten(maxBytes: Int) -> Data?
    /// How many bytes were written so far.
    var writtenBytes: Int { get }
    /// The bytes written so far (at most `maxBytes`) as a file a worker maps without a copy;
    /// nil where they are not in a file (a body kept in memory).
    func arrivedFile(maxBytes: Int) -> ArrivedFile?
}

extension ReadableBodySink {
    public func arrivedFile(maxBytes: Int) -> ArrivedFile? { nil }
}
