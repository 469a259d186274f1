import Foundation
import Synchronization

/// The originals the viewer has open, as the decode workers get them (`PictureBytes`): its page
/// and the pages beside it. A zoom's detail, like the page before it, then reuses the picture's
/// bytes — no second read from disk, no second copy to a worker, and none at all to the worker
/// that holds the picture open already. The most recently asked for are kept, as many as a
/// worker keeps open (`OpenedPictures.capacity`).
final class OpenedOriginals: Sendable {
    struct Opened: Sendable {
        let bytes: PictureBytes
        let facts: OriginalFacts
    }

    private let entries = Mutex<[(key: String, opened: Opened)]>([])

    /// The original opened under `key`, now the most recent; nil when it is not open.
    func take(_ key: String) -> Opened? {
        entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.opened
        }
    }

    /// The facts of the original opened under `key`, leaving the order as it is.
    func facts(_ key: String) -> OriginalFacts? {
        entries.withLock { entries in entries.first { $0.key == key }?.opened.facts }
    }

    /// Keeps `opened` under `key`, letting the least recent go.
    func keep(_ opened: Opened, as key: String) {
        entries.withLock { entries in
            entries.removeAll { $0.key == key }
            entries.append((key, opened))
            if entries.count > OpenedPictures.capacity { entries.removeFirst(entries.count - OpenedPictures.capacity) }
        }
    }

    /// Lets the original under `key` go: it was found damaged and removed.
    func forget(_ key: String) {
        entries.withLock { entries in entries.removeAll { $0.key == key } }
    }
}
