import Foundation

/// The on-disk form of every cache file: a magic tag and a checksum of the payload, then the
/// payload.
///
/// Atomic writes keep a crash from leaving half a file, but not a disk error, a user's editor or
/// another program from changing one. A JPEG with a few garbled bytes still decodes — into a
/// different picture — so a file whose checksum does not match is treated as missing (and
/// removed) rather than shown. The cost is one CRC-32 per read, on the disk queue.
///
/// Files are written as `LGC2` (CRC-32, 8 hex digits). `LGC1` files (SHA-256, 64 hex digits),
/// as earlier versions wrote them, are still read (and sealed again by `DiskStore`), so an
/// update keeps the cache.
enum SealedCacheFile {
    private struct Format: Sendable {
        let magic: Data
        let checksumLength: Int
        let checksum: @Sendable (Data) -> Data
        var overhead: Int { magic.count + checksumLength }
    }

    private static let current = Format(magic: Data("LGC2".utf8), checksumLength: 8) { payload in
        Data(String(format: "%08x", Checksum.crc32(payload)).utf8)
    }
    private static let sha256 = Format(magic: Data("LGC1".utf8), checksumLength: 64) { payload in
        Data(Checksum.sha256(payload).utf8)
    }

    /// Bytes a sealed file adds to its payload.
    static var overhead: Int { current.overhead }
    /// The most any format (current or earlier) adds.
    static var maxOverhead: Int { max(current.overhead, sha256.overhead) }

    /// What goes before the payload in a sealed file: the magic and the payload's checksum.
    /// Written ahead of the payload rather than joined to it, so storing a 20 MB original does
    /// not first copy it (measured: the copies of 14 camera photos being stored at once were
    /// 34 MiB of the grid's peak).
    static func header(for payload: Data) -> Data {
        current.magic + current.checksum(payload)
    }

    /// The same for a payload whose CRC-32 was computed as it was written (`PendingCacheWrite`).
    static func header(crc32 checksum: UInt32) -> Data {
        current.magic + Data(String(format: "%08x", checksum).utf8)
    }

    static func seal(_ payload: Data) -> Data {
        header(for: payload) + payload
    }

    /// Sealed as this version writes files (not by an earlier version).
    static func isCurrent(_ file: Data) -> Bool {
        file.starts(with: current.magic)
    }

    /// The payload, or nil when the file is not a sealed cache file or its payload changed.
    static func open(_ file: Data) -> Data? {
        var payload = file
        return unseal(&payload) ? payload : nil
    }

    /// Turns a sealed file into its payload in place (no second copy of a 20 MB original: the
    /// header is moved out within the same buffer). False, leaving `file` as it was, when it is
    /// not a sealed cache file or its payload changed.
    static func unseal(_ file: inout Data) -> Bool {
        guard let format = format(of: file), file.count >= format.overhead else { return false }
        let start = file.startIndex
        let checksum = file[(start + format.magic.count)..<(start + format.overhead)]
        guard format.checksum(file[(start + format.overhead)...]) == checksum else { return false }
        file.removeSubrange(start..<(start + format.overhead))
        return true
    }

    /// Where the payload starts in a file that begins with `head` (its first bytes), unchecked:
    /// for a look at the start of a file without reading all of it.
    static func payloadOffset(head: Data) -> Int? {
        format(of: head)?.overhead
    }

    private static func format(of file: Data) -> Format? {
        [current, sha256].first { file.starts(with: $0.magic) }
    }
}
