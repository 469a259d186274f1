import Foundation

/// Reads a links file the person chose on their own disk (`LinksSource.file`).
///
/// No cache copy: the file itself is the saved copy. Reading is bounded like a download
/// (`maxBytes`), and runs on the disk queue, never on the caller's thread.
enum LocalLinksFile {
    static func read(_ url: URL, maxBytes: Int) async throws(LinksError) -> LinksSnapshot {
        let result: Result<Data, LinksError> = await BlockingWork.run(on: BlockingWork.disk) {
            guard let handle = try? FileHandle(forReadingFrom: url) else { return .failure(.unreadableFile) }
            defer { try? handle.close() }
            // One byte more than allowed tells "too large" from "exactly at the limit".
            guard let data = try? handle.read(upToCount: maxBytes + 1) else { return .failure(.unreadableFile) }
            return data.count > maxBytes ? .failure(.tooLarge) : .success(data)
        }
        let body = try result.get()
        // Parsing and hashing up to `maxBytes` are blocking work, kept off the cooperative pool.
        // The count of lines left out goes to the snapshot so the window says so, as for a web list.
        return await BlockingWork.run(on: BlockingWork.decode) {
            let document = LinksDocument.read(body)
            return LinksSnapshot(entries: document.entries, confirmedAt: Date(), checksum: Checksum.sha256(body),
                                 omittedEntryCount: document.omittedCount)
        }
    }
}
