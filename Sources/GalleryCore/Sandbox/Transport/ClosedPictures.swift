import Synchronization

/// The ids of kept pictures the app has let go (their `PictureBytes` gone): a worker that holds
/// one open is told with its next request (`DecodeRequest.closes`), and drops the picture and
/// its mapping of the bytes — a camera photo's 20 MB memfd lives no longer than the app needs
/// it. Ids are never reused, so the newest `capacity` are enough to remember: a worker that
/// holds an older one lets it go by its own bound anyway (`OpenedPictures.capacity`).
enum ClosedPictures {
    static let capacity = 64

    private static let ids = Mutex<[UInt64]>([])

    static func close(_ id: UInt64) {
        guard id != 0 else { return }
        ids.withLock { ids in
            ids.append(id)
            if ids.count > capacity { ids.removeFirst(ids.count - capacity) }
        }
    }

    /// Which of `held` the app has let go.
    static func closed(among held: [UInt64]) -> [UInt64] {
        ids.withLock { ids in held.filter(ids.contains) }
    }
}
