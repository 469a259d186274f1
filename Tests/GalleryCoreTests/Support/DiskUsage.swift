import Foundation
import Glibc

/// What files take on the disk, as `du` counts it: allocated blocks, not lengths.
enum DiskUsage {
    /// The blocks a file of `length` bytes takes in `folder`'s file system, measured by writing one.
    static func allocatedBytes(forFileOf length: Int, in folder: URL) throws -> Int {
        let probe = folder.appendingPathComponent(".du-probe-\(UUID().uuidString)")
        try Data(repeating: 0x5A, count: length).write(to: probe)
        defer { try? FileManager.default.removeItem(at: probe) }
        let descriptor = open(probe.path, O_RDONLY)
        defer { close(descriptor) }
        fsync(descriptor)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw POSIXError(.EIO) }
        return Int(info.st_blocks) * 512
    }

    /// The blocks of every file in `folder` (not below it), as `du -s --apparent-size=no` would.
    static func allocatedBytes(ofFilesIn folder: URL) throws -> Int {
        var seen = Set<[UInt]>()
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).reduce(0) { total, name in
            var info = stat()
            guard lstat(folder.appendingPathComponent(name).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                return total
            }
            // A file with several names (the same picture behind several links) once, as `du` counts it.
            guard seen.insert([UInt(info.st_dev), UInt(info.st_ino)]).inserted else { return total }
            return total + Int(info.st_blocks) * 512
        }
    }
}
