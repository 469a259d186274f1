import Foundation

/// One version of the links file, parsed, with when it was last confirmed current.
public struct LinksSnapshot: Sendable, Equatable {
    public let entries: [LinkEntry]
    /// When the server last confirmed this content (a 200 or a 304).
    public let confirmedAt: Date
    /// Identifies the content: equal checksums mean the grid need not change.
    public let checksum: String

    public init(entries: [LinkEntry], confirmedAt: Date, checksum: String) {
        self.entries = entries
        self.confirmedAt = confirmedAt
        self.checksum = checksum
    }
}
