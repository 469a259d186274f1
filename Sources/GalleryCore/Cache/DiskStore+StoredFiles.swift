import Foundation

extension DiskStore {
    /// The first `maxBytes` of the stored payload and the payload's size, read without the rest
    /// and unchecked (the checksum covers the whole payload): for deciding how to decode a file
    /// before reading it. nil when absent or not a sealed cache file. Does not mark it used.
    public func payloadPrefix(key: String, maxBytes: Int) -> (prefix: Data, size: Int)? {
        withStoredFile(key: key) { fd, fileSize in
            guard let head = CacheFileIO.readAll(fd, expectedSize: min(fileSize, SealedCacheFile.maxOverhead + max(0, maxBytes))),
                  let offset = SealedCacheFile.payloadOffset(head: head), head.count >= offset else { return nil }
            let prefix = head.dropFirst(offset).prefix(maxBytes)
            return (prefix.withUnsafeBytes { Data($0) }, fileSize - offset)
        }
    }

    /// `body` with the regular file that holds `key`, open for reading, and its length; nil when
    /// there is none.
    func withStoredFile<T>(key: String, _ body: (_ fd: Int32, _ length: Int) -> T?) -> T? {
        prepare()
        let fd = open(url(for: key).path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return body(fd, Int(info.st_size))
    }
}
