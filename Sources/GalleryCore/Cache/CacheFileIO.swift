import Foundation

/// Whole reads and writes on a cache file's descriptor (retrying short reads and writes and
/// EINTR), and its access time set to now with nanosecond precision: the LRU order of
/// `CacheFolder` is the files' modification times.
enum CacheFileIO {
    static func markAccessed(_ fd: Int32) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let times = [now, now]
        _ = futimens(fd, times)
    }

    static func readAll(_ fd: Int32, expectedSize: Int) -> Data? {
        var data = Data(count: expectedSize)
        var offset = 0
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            while offset < expectedSize {
                let count = Foundation.read(fd, buffer.baseAddress! + offset, expectedSize - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// `count` bytes from `offset` (`pread`: the descriptor's position is left alone, so a
    /// writer appending to the same file is not disturbed); nil when the file holds fewer.
    static func read(_ fd: Int32, count: Int, at offset: Int) -> Data? {
        var data = Data(count: count)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var done = 0
            while done < count {
                let read = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { return false }
                done += read
            }
            return true
        }
        return complete ? data : nil
    }

    static func writeAll(_ data: Data, to fd: Int32, path: String) throws(DiskStoreError) {
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
        if let failure { throw DiskStoreError.from(errno: failure, path: path) }
    }
}
