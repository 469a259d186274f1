import Foundation

/// Replaces a small file of the cache root (the "not an image" verdicts, what servers said about
/// originals) with `payload`, sealed like every cache file, atomically: written unnamed, synced,
/// then named. A failure leaves the old file.
enum SealedFileWrite {
    static func install(_ payload: Data, as target: URL) {
        let sealed = SealedCacheFile.seal(payload)
        guard let file = try? UnnamedCacheFile.create(in: target.deletingLastPathComponent().path) else { return }
        let complete = sealed.withUnsafeBytes { DescriptorWrite.all($0, to: file.fd) } && fsync(file.fd) == 0
        guard complete else { return file.discard() }
        try? file.install(as: target.path)
    }

    /// The payload of a file `install` wrote, or nil when it is missing or damaged.
    static func read(_ file: URL) -> Data? {
        guard var data = try? Data(contentsOf: file), SealedCacheFile.unseal(&data) else { return nil }
        return data
    }
}
