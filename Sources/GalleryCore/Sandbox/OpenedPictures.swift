import Foundation

/// The pictures a worker keeps open between requests (glycin's loader keeps its `Image`): a
/// zoom's detail, a print or a save of the page on screen names its picture by id and brings no
/// bytes, and the worker answers from the picture it opened — its bytes mapped from the app's
/// sealed memfd, its facts read once. Each is kept until the app closes its id (`close`, from a
/// request's `closes`), and never more than the few most recently asked for; the app's mirror
/// of them (`DecodeWorkerProcess.holds`) is a hint, and a request for one this worker let go
/// is answered `notOpen`, so the two never need to agree exactly.
struct OpenedPictures {
    /// The page on screen and the two beside it.
    static let capacity = 3

    private var pictures: [(id: UInt64, picture: OpenedPicture)] = []

    /// The picture opened under `id`, now the most recent.
    mutating func take(_ id: UInt64) -> OpenedPicture? {
        guard id != 0, let index = pictures.firstIndex(where: { $0.id == id }) else { return nil }
        let entry = pictures.remove(at: index)
        pictures.append(entry)
        return entry.picture
    }

    /// Lets the picture under `id` go: the app closed it.
    mutating func close(_ id: UInt64) {
        pictures.removeAll { $0.id == id }
    }

    /// Keeps `picture` under `id` (a nonzero id), letting the least recent go past `capacity`.
    mutating func keep(_ picture: OpenedPicture, as id: UInt64) {
        guard id != 0 else { return }
        pictures.removeAll { $0.id == id }
        pictures.append((id, picture))
        if pictures.count > Self.capacity { pictures.removeFirst(pictures.count - Self.capacity) }
    }
}
