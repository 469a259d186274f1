import CGtk
import Foundation

/// "Not an image" verdicts for links, all in one compact file: 16 bytes a link (the start of
/// the SHA-256 of its address), oldest first, the oldest dropped past `capacity`.
///
/// One file per verdict took a 4 KiB block and an inode each: a links file of 100,000 HTML
/// links made 400 MB of disk and 100,000 files to list at every start. Here they are 1.6 MB.
/// Verdicts are kept in memory once read and written back (atomically, sealed, as every cache
/// file) a moment after they change, so a burst of verdicts costs one write. A damaged file reads
/// as empty: those links are only asked about again. Thread-safe; the first use reads the file,
/// so call it on a disk queue.
public final class NotImageVerdicts: Sendable {
    /// 262,144 verdicts: 4 MiB.
    public static let defaultCapacity = 1 << 18
    static let digestLength = 16
    /// How long after a change the file is written: the changes meanwhile go with it.
    static let writeDelay = DispatchTimeInterval.milliseconds(500)

    public let file: URL
    public let capacity: Int

    private struct Digest: Hashable {
        let high: UInt64
        let low: UInt64
    }

    private struct State: Sendable {
        var verdicts: Set<Digest> = []
        /// In the order given; may still hold removed ones, skipped when trimming and writing.
        var order: [Digest] = []
        var oldest = 0
    }
    private let state: LoadedOnce<State>
    private let delayedWrite: DelayedWrite

    public init(file: URL, capacity: Int = defaultCapacity, legacyFolder: URL? = nil, queue: DispatchQueue = BlockingWork.disk) {
        self.file = file
        self.capacity = max(1, capacity)
        let kept = self.capacity
        // Where earlier versions kept one `.not-image` file per verdict: emptied on first use.
        state = LoadedOnce { Self.load(file, capacity: kept, legacyFolder: legacyFolder) }
        delayedWrite = DelayedWrite(delay: Self.writeDelay, queue: queue)
    }

    public func contains(_ key: String) -> Bool {
        let digest = Self.digest(key)
        return state.withState { $0.verdicts.contains(digest) }
    }

    public func insert(_ key: String) {
        let digest = Self.digest(key)
        let changed = state.withState { state -> Bool in
            guard state.verdicts.insert(digest).inserted else { return false }
            state.order.append(digest)
            Self.trim(&state, to: capacity)
            return true
        }
        if changed { scheduleWrite() }
    }

    public func remove(_ key: String) {
        let digest = Self.digest(key)
        if state.withState({ $0.verdicts.remove(digest) != nil }) { scheduleWrite() }
    }

    public var count: Int { state.withState { $0.verdicts.count } }

    /// Writes the verdicts now (tests, and the app's quit).
    public func writeNow() {
        delayedWrite.starting()
        let payload = state.ifLoaded { state -> Data in
            var data = Data(capacity: state.verdicts.count * Self.digestLength)
            var written = Set<Digest>()
            for digest in state.order[state.oldest...] where state.verdicts.contains(digest) && written.insert(digest).inserted {
                withUnsafeBytes(of: digest.high.bigEndian) { data.append(contentsOf: $0) }
                withUnsafeBytes(of: digest.low.bigEndian) { data.append(contentsOf: $0) }
            }
            return data
        }
        guard let payload else { return }
        SealedFileWrite.install(payload, as: file)
    }

    private func scheduleWrite() {
        delayedWrite.schedule { [self] in writeNow() }
    }

    private static func load(_ file: URL, capacity: Int, legacyFolder: URL?) -> State {
        var state = State()
        if let legacyFolder {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: legacyFolder.path)) ?? []
            for name in names where name.hasSuffix(".not-image") { unlink(legacyFolder.appendingPathComponent(name).path) }
        }
        guard let data = SealedFileWrite.read(file) else { return state }
        data.withUnsafeBytes { bytes in
            for offset in stride(from: 0, through: bytes.count - Self.digestLength, by: Self.digestLength) {
                let digest = Digest(high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                                    low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
                if state.verdicts.insert(digest).inserted { state.order.append(digest) }
            }
        }
        Self.trim(&state, to: capacity)
        return state
    }

    /// Drops the oldest verdicts past `capacity`, and compacts the order now and then.
    private static func trim(_ state: inout State, to capacity: Int) {
        while state.verdicts.count > capacity, state.oldest < state.order.count {
            state.verdicts.remove(state.order[state.oldest])
            state.oldest += 1
        }
        if state.oldest > 4096, state.oldest * 2 > state.order.count {
            state.order = state.order[state.oldest...].filter { state.verdicts.contains($0) }
            state.oldest = 0
        }
    }

    private static func digest(_ key: String) -> Digest {
        let hex = g_compute_checksum_for_string(G_CHECKSUM_SHA256, key, -1)!
        defer { g_free(hex) }
        let text = String(cString: hex)
        return Digest(high: UInt64(text.prefix(16), radix: 16) ?? 0, low: UInt64(text.dropFirst(16).prefix(16), radix: 16) ?? 0)
    }
}
