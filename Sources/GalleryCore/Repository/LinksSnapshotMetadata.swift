import Foundation

/// What we store beside a cached links file: validators for a conditional GET, and a checksum
/// that tells a complete file from a damaged one. Validators are sent back only when they pass
/// `HeaderValue.isAcceptable` (a file saved by an older version may hold any value).
struct LinksSnapshotMetadata: Codable, Sendable {
    var etag: String?
    var lastModified: String?
    var confirmedAt: Date
    var checksum: String
    var byteCount: Int
    /// Lines left out after the saved part (only the first `LinksDocument.maxEntries` are saved);
    /// nil in metadata saved before there was a limit.
    var omittedEntryCount: Int?
    /// SHA-256 of the entries a worker read from the body (`LinksReply`), saved beside it so a
    /// start from the cache shows the list without waiting for a worker; nil in metadata saved
    /// before (the body is then read again, once).
    var entriesChecksum: String?
    /// SHA-256 of the whole file as the server last sent it (the saved body may be its first
    /// part): a server that answers every request in full with the same file is not read again
    /// by a worker, nor held twice; nil in metadata saved before.
    var receivedChecksum: String?
    /// The file came from a local address (loopback, private, shared, link-local), so its links
    /// may name such addresses too (`AddressReach`); nil in metadata saved before, read as public.
    var fromLocalAddress: Bool?

    var linkReach: AddressReach { fromLocalAddress == true ? .anyAddress : .publicOnly }
}
