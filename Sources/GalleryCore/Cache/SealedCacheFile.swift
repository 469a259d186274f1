import Foundation

/// The on-disk form of every cache file: a magic tag and the SHA-256 of the payload, then the
/// payload.
///
/// Atomic writes keep a crash from leaving half a file, but not a disk error, a user's editor or
/// another program from changing one. A JPEG with a few garbled bytes still decodes — into a
/// different picture — so a file whose checksum does not match is treated as missing (and
/// removed) rather than shown. The cost is one SHA-256 per read, on the disk queue.
enum SealedCacheFile {
    private static let magic = Data("LGC1".utf8)
    private static let checksumLength = 64 // hex SHA-256
    static let overhead = 4 + 64

    static func seal(_ payload: Data) -> Data {
        var file = magic
        file.reserveCapacity(overhead + payload.count)
        file.append(Data(Checksum.sha256(payload).utf8))
        file.append(payload)
        return file
    }

    /// The payload, or nil when the file is not a sealed cache file or its payload changed.
    static func open(_ file: Data) -> Data? {
        guard file.count >= overhead, file.prefix(magic.count) == magic else { return nil }
        let start = file.startIndex
        let checksum = file[(start + magic.count)..<(start + overhead)]
        let payload = file[(start + overhead)...]
        guard Data(Checksum.sha256(Data(payload)).utf8) == checksum else { return nil }
        return Data(payload)
    }
}
