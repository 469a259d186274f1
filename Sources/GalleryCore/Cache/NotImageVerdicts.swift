import Foundation

/// "Not an image" verdicts for links, all in one compact file: 16 bytes a link (the start of
/// the SHA-256 of its address), oldest first, the oldest dropped past `capacity`.
///
/// One file per verdict took a 4 KiB block and an inode each: a links file of 100,000 HTML
/// links made 400 MB of disk and 100,000 files to list at every start. Here they are 1.6 MB, a
/// `SmallRecordFile`. A damaged file reads as empty: those links are only asked about again.
/// Thread-safe; the first use reads the file, so call it on a disk queue.
public final class NotImageVerdicts: Sendable {
    /// 262,144 verdicts: 4 MiB.
    public static let defaultCapacity = 1 << 18
    static let digestLength = 16

    public let file: URL
    public let capacity: Int

    private struct Digest: Hashable {
        let high: UInt64
        let low: UInt64
    }

    private struct Verdicts: Sendable {
        var digests: Set<Digest> = []
        /// In the order given; may still hold removed ones, skipped when trimming and writing.
        var order: [Digest] = []
        var oldest = 0
    }

    private let verdicts: SmallRecordFile<Verdicts>

    public init(file: URL, capacity: Int = defaultCapacity, legacyFolder: URL? = nil, queue: DispatchQueue = BlockingWork.disk) {
        self.file = file
        self.capacity = max(1, capacity)
        let kept = self.capacity
        verdicts = SmallRecordFile(file: file, queue: queue, decode: { payload in
            // Where earlier versions kept one `.not-image` file per verdict: emptied on first use.
            if let legacyFolder { Self.empty(legacyFolder) }
            return Self.decode(payload, capacity: kept)
        }, encode: Self.encode)
    }

    public func contains(_ key: String) -> Bool {
        let digest = Self.digest(key)
        return verdicts.read { $0.digests.contains(digest) }
    }

    public func insert(_ key: String) {
        let digest = Self.digest(key)
        verdicts.change { verdicts in
            guard verdicts.digests.insert(digest).inserted else { return false }
            verdicts.order.append(digest)
            Self.trim(&verdicts, to: capacity)
            return true
        }
    }

    public func remove(_ key: String) {
        let digest = Self.digest(key)
        verdicts.change { $0.digests.remove(digest) != nil }
    }

    public var count: Int { verdicts.read { $0.digests.count } }

    /// Writes the verdicts now (tests, and the app's quit).
    public func writeNow() { verdicts.writeNow() }

    private static func encode(_ verdicts: Verdicts) -> Data {
        var data = Data(capacity: verdicts.digests.count * digestLength)
        var written = Set<Digest>()
        for digest in verdicts.order[verdicts.oldest...] where verdicts.digests.contains(digest) && written.insert(digest).inserted {
            withUnsafeBytes(of: digest.high.bigEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: digest.low.bigEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    private static func decode(_ payload: Data?, capacity: Int) -> Verdicts {
        var verdicts = Verdicts()
        guard let payload else { return verdicts }
        payload.withUnsafeBytes { bytes in
            for offset in stride(from: 0, through: bytes.count - digestLength, by: digestLength) {
                let digest = Digest(high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                                    low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
                if verdicts.digests.insert(digest).inserted { verdicts.order.append(digest) }
            }
        }
        trim(&verdicts, to: capacity)
        return verdicts
    }

    private static func empty(_ legacyFolder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: legacyFolder.path)) ?? []
        for name in names where name.hasSuffix(".not-image") { unlink(legacyFolder.appendingPathComponent(name).path) }
    }

    /// Drops the oldest verdicts past `capacity`, and compacts the order now and then.
    private static func trim(_ verdicts: inout Verdicts, to capacity: Int) {
        while verdicts.digests.count > capacity, verdicts.oldest < verdicts.order.count {
            verdicts.digests.remove(verdicts.order[verdicts.oldest])
            verdicts.oldest += 1
        }
        if verdicts.oldest > 4096, verdicts.oldest * 2 > verdicts.order.count {
            verdicts.order = verdicts.order[verdicts.oldest...].filter { verdicts.digests.contains($0) }
            verdicts.oldest = 0
        }
    }

    /// The first 16 bytes of the address's SHA-256.
    private static func digest(_ key: String) -> Digest {
        let text = Checksum.sha256(Data(key.utf8))
        return Digest(high: UInt64(text.prefix(16), radix: 16) ?? 0, low: UInt64(text.dropFirst(16).prefix(16), radix: 16) ?? 0)
    }
}
