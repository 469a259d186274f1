/// How far one original's download has come: what the viewer's progress bar and the grid's
/// progress ring show.
public struct DownloadProgress: Sendable, Equatable {
    public let receivedBytes: Int
    /// The body's size as the server declared it (Content-Length), nil when it did not.
    public let expectedBytes: Int?
    /// How long nothing has arrived: since the last byte, or since the request started.
    public let quietFor: Duration

    public init(receivedBytes: Int, expectedBytes: Int?, quietFor: Duration) {
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
        self.quietFor = quietFor
    }

    /// Received over expected, 0–1; nil when the size is unknown (an indeterminate indicator).
    public var fraction: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(receivedBytes) / Double(expectedBytes))
    }

    /// Nothing has arrived for this long: the person is told the server is slow to answer,
    /// rather than watching an indicator that does not move.
    public static let stallAfter = Duration.seconds(3)

    public var isStalled: Bool { quietFor >= Self.stallAfter }
}
