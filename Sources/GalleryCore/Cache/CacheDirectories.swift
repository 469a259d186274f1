import Foundation

/// Where the caches live: `$XDG_CACHE_HOME/io.github.linkgallery.LinkGallery/` (falling back to
/// `~/.cache/…`) with one folder per kind of content, each private to the user (mode 0700), and
/// none of them a symbolic link or another user's folder.
public struct CacheDirectories: Sendable, Equatable {
    public let root: URL
    /// The last downloaded links file, for starting offline.
    public let links: URL
    public let thumbnails: URL
    public let originals: URL

    /// Resolves the folders from the environment (per the XDG Base Directory spec, a relative
    /// `XDG_CACHE_HOME` is ignored) and creates them.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try self.init(root: Self.cacheHome(environment: environment)
            .appendingPathComponent(AppIdentity.applicationID, isDirectory: true))
    }

    /// Uses `root` as the application's cache folder (tests point it at a temporary folder).
    public init(root: URL) throws {
        self.root = root
        links = root.appendingPathComponent("links", isDirectory: true)
        thumbnails = root.appendingPathComponent("thumbnails", isDirectory: true)
        originals = root.appendingPathComponent("originals", isDirectory: true)
        // Intermediate folders (~/.cache) get default permissions; ours are private.
        try FileManager.default.createDirectory(at: root.deletingLastPathComponent(), withIntermediateDirectories: true)
        let rootDescriptor = try Self.openPrivateDirectory(named: root.path, in: AT_FDCWD, path: root.path)
        defer { close(rootDescriptor) }
        // Checked once, here: each folder is opened relative to the root just checked (not through
        // a path someone could swap meanwhile) and is a real folder, ours, mode 0700. DiskStore uses
        // plain paths afterwards, so this does not pin the folders against a later rename; what
        // lasts is that the root is ours and 0700, so no other user can create, replace or
        // write anything inside it afterwards.
        for folder in [links, thumbnails, originals] {
            close(try Self.openPrivateDirectory(named: folder.lastPathComponent, in: rootDescriptor, path: folder.path))
        }
    }

    static func cacheHome(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
    }

    /// Creates the folder `name` (relative to `parent`) if needed and opens it, refusing anything
    /// another user could have prepared: a symbolic link (it is not followed), a folder that
    /// belongs to someone else. A folder that is group- or world-accessible is made private (0700).
    private static func openPrivateDirectory(named name: String, in parent: Int32, path: String) throws -> Int32 {
        if mkdirat(parent, name, 0o700) != 0, errno != EEXIST {
            throw DiskStoreError.from(errno: errno, path: path)
        }
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            var info = stat()
            if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                throw DiskStoreError.directoryUnavailable(path: path, reason: "a symbolic link, not a folder")
            }
            if code == ENOTDIR { throw DiskStoreError.directoryUnavailable(path: path, reason: "not a folder") }
            throw DiskStoreError.from(errno: code, path: path)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw DiskStoreError.from(errno: code, path: path)
        }
        guard info.st_uid == geteuid() else {
            close(descriptor)
            throw DiskStoreError.directoryUnavailable(path: path, reason: "belongs to another user")
        }
        if info.st_mode & 0o777 != 0o700, fchmod(descriptor, 0o700) != 0 {
            let code = errno
            close(descriptor)
            throw DiskStoreError.from(errno: code, path: path)
        }
        return descriptor
    }
}
