import Foundation

/// One version of the links file, parsed, with when it was last confirmed current.
public struct LinksSnapshot: Sendable, Equatable {
    public let entries: [LinkEntry]
    /// When the server last confirmed this content (a 200 or a 304).
    public let confirmedAt: Date
    /// Identifies the content: equal checksums mean the grid need not change.
    public let checksum: String
    /// Lines of the file beyond `LinksDocument.maxEntries`, left out (the window says so).
    public let omittedEntryCount: Int
    /// Where its links may lead (`AddressReach`): anywhere for a file on this computer or a list
    /// served from a local address, only to public addresses for a list that came from one.
    public let linkReach: AddressReach

    public init(entries: [LinkEntry], confirmedAt: Date, checksum: String, omittedEntryCount: Int = 0,
                linkReach: AddressReach = .publicOnly) {
        self.entries = entries
        self.confirmedAt = confirmedAt
        self.checksum = checksum
        self.omittedEntryCount = omittedEntryCount
        self.linkReach = linkReach
    }

    /// The same content, confirmed current again at `date` by a server whose address gives its
    /// links `reach`.
    func confirmed(at date: Date, linkReach reach: AddressReach) -> LinksSnapshot {
        LinksSnapshot(entries: entries, confirmedAt: date, checksum: checksum, omittedEntryCount: omittedEntryCount, linkReach: reach)
    }
}
