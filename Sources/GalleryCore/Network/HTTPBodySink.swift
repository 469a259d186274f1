/// Where a response body goes instead of memory (`HTTPRequest.bodySink`): a download of many
/// megabytes written to a file as it arrives. Called on the network thread, in order; must not
/// wait long (a `write(2)` to a file is fine, no fsync). Returning false aborts the transfer.
public protocol HTTPBodySink: AnyObject, Sendable {
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool
    /// Drops every byte written so far: a broken download's next answer is the whole file
    /// again (a server that ignores ranges, or whose file changed). False when the sink
    /// cannot, which ends the download.
    func restart() -> Bool
}

extension HTTPBodySink {
    public func restart() -> Bool { false }
}
