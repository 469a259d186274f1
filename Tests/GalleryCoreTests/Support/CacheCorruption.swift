import Foundation
import GalleryTestSupport

/// Ways a cache file can be damaged between two runs: a crash or a full disk mid-write
/// (truncation), bit rot or another program writing into it (garbled bytes), a file that is
/// not ours at all (random bytes), and an empty file.
enum CacheCorruption: String, CaseIterable {
    case empty
    case truncatedToHalf
    case lastByteMissing
    case garbledMiddle
    case randomBytes
    case trailingGarbage

    /// The damage depends only on `seed` and the file's bytes, not on the order files are
    /// damaged in (cache file names are hashes of per-run URLs, so their order changes).
    func apply(to file: URL, seed: UInt64) throws {
        let original = try Data(contentsOf: file)
        var random = SplitMix64(seed: seed ^ UInt64(original.count))
        var damaged = original
        switch self {
        case .empty:
            damaged = Data()
        case .truncatedToHalf:
            damaged = original.prefix(original.count / 2)
        case .lastByteMissing:
            damaged = original.dropLast()
        case .garbledMiddle:
            // 64 bytes overwritten in the middle: headers stay valid, the content does not.
            let start = original.count / 2
            for index in start..<min(original.count, start + 64) { damaged[index] = random.nextByte() }
        case .randomBytes:
            damaged = Data((0..<max(original.count, 16)).map { _ in random.nextByte() })
        case .trailingGarbage:
            damaged.append(contentsOf: (0..<512).map { _ in random.nextByte() })
        }
        try damaged.write(to: file)
    }
}
