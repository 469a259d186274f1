import Foundation

/// What we store beside a cached links file: validators for a conditional GET, and a checksum
/// that tells a complete file from a damaged one.
struct LinksSnapshotMetadata: Codable, Sendable {
    var etag: String?
    var lastModified: String?
    var confirmedAt: Date
    var checksum: String
    var byteCount: Int
}
