import Foundation

/// Reads a links file the person chose on their own disk (`LinksSource.file`).
///
/// No cache copy: the file itself is the saved copy. Reading is bounded like a download
/// (`maxBytes`), and runs on the disk queue, never on the caller's thread.
enum LocalLinksFile {
    static func read(_ url: URL, maxBytes: Int) async throws(LoadError) -> LinksSnapshot {
        let result: Result<Data, LoadError> = await BlockingWork.run(on: BlockingWork.disk) {
            // Non-blocking open, then regular files only: a FIFO (or a device) named as the list
            // would block the open or the read, and with them the disk queue every cache uses.
            let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { return .failure(.unreadableFile) }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            defer { try? handle.close() }
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.unreadableFile) }
            // One byte more than allowed tells "too large" from "exactly at the limit".
            guard let data = try? handle.read(upToCount: maxBytes + 1) else { return .failure(.unreadableFile) }
            return data.count > maxBytes ? .failure(.tooLarge) : .success(data)
        }
        let body = try result.get()
        // Parsing and hashing up to `maxBytes` are blocking work, kept off the cooperative pool.
        // The count of lines left out goes to the snapshot so the window says so, as for a web list.
        // Read in the sandbox, like a list from the network.
        let snapshot = await LinksReading.readInTurn(body).map { read in
            LinksSnapshot(entries: read.document.entries, confirmedAt: Date(), checksum: Checksum.sha256(body),
                          omittedEntryCount: read.document.omittedCount, linkReach: .anyAddress) // the person's own file
        }
        guard let snapshot else { throw .couldNotDecode }
        return snapshot
    }
}
