import Foundation

/// Where the caches live: `$XDG_CACHE_HOME/io.github.linkgallery.LinkGallery/` (falling back to
/// `~/.cache/…`) with one folder per kind of content, each private to the user (mode 0700).
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
        for folder in [root, links, thumbnails, originals] {
            try Self.makePrivateDirectory(folder)
        }
    }

    static func cacheHome(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
    }

    private static func makePrivateDirectory(_ url: URL) throws {
        if mkdir(url.path, 0o700) != 0, errno != EEXIST {
            throw DiskStoreError.from(errno: errno, path: url.path)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DiskStoreError.directoryUnavailable(path: url.path, reason: "not a folder")
        }
    }
}
