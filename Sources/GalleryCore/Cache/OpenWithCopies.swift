import Foundation

/// The files "Open With…" hands to other applications: a copy of the original as downloaded,
/// of the app's own, in the user's runtime folder (`$XDG_RUNTIME_DIR/<app id>/open-with`, a
/// tmpfs the session empties), each in a folder of its own so two pictures of one name never
/// meet. The application gets a file the cache's trimming can never remove under it; the copies
/// stay until Link Gallery starts again (`removeAll`), since nobody says when an application is
/// done with a file.
public struct OpenWithCopies: Sendable {
    public let folder: URL

    public init(runtimeDirectory: URL) {
        folder = runtimeDirectory.appendingPathComponent(AppIdentity.applicationID, isDirectory: true)
            .appendingPathComponent("open-with", isDirectory: true)
    }

    /// Writes `data` as `name` (already made safe: `SavedFileName.suggested`),
    /// atomically, readable by the user only.
    public func write(_ data: Data, named name: String) throws -> URL {
        let own = folder.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = own.appendingPathComponent(name)
        try data.write(to: file, options: [.atomic])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return file
    }

    /// The copies of an earlier run.
    public func removeAll() {
        try? FileManager.default.removeItem(at: folder)
    }
}
