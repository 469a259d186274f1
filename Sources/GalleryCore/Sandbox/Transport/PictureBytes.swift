import CSandbox
import Foundation
import Synchronization

/// One picture's bytes as the decode workers get them. A picture the viewer holds (`kept`) is
/// made into one once (`ImageRepository.openedOriginal`) and handed to every request of it —
/// its page, each zoom's detail, print, save — so its bytes cross to the workers at most once
/// per worker, and not at all to a worker that holds it open already: such a request carries
/// only the picture's id (`DecodeRequest.pictureID`), and the worker answers from the picture
/// it opened (`OpenedPictures`). Large bytes live in one sealed memfd, made once and passed to
/// any worker by descriptor (no copy); the app reads them through a read-only mapping of it.
final class PictureBytes: Sendable {
    /// Nonzero for a picture a worker may keep open: unique in this process's life.
    let id: UInt64
    let data: Data
    /// The sealed memfd of large bytes, made once (nil below `SharedMemory.worthIt`, or when no
    /// memfd could be made: the socket carries them then).
    let memory: SharedMemory?
    /// What has arrived of a download, in its cache file, which a worker maps (nil for bytes
    /// in memory); `data` is then only its first bytes, for the magic number.
    let file: ArrivedFile?
    /// False for what has arrived so far of a download still coming in: a frame of it is drawn
    /// in part, and nothing calls it damaged.
    let complete: Bool

    private static let lastID = Atomic<UInt64>(0)

    private init(id: UInt64 = 0, data: Data, memory: SharedMemory? = nil, file: ArrivedFile? = nil, count: Int, complete: Bool) {
        self.id = id
        self.data = data
        self.memory = memory
        self.file = file
        self.count = count
        self.complete = complete
    }

    /// Bytes for one request only (a thumbnail, a links file): copied to each worker as before.
    convenience init(oneOff data: Data) {
        self.init(data: data, count: data.count, complete: true)
    }

    /// What has arrived of a download, for one request.
    convenience init(arrived data: Data) {
        self.init(data: data, count: data.count, complete: false)
    }

    /// What has arrived of a download, in its cache file: the worker maps it from there.
    convenience init(arrivedIn file: ArrivedFile) {
        self.init(data: file.prefix, file: file, count: file.length, complete: false)
    }

    /// Bytes a worker may keep open, and any number of requests reuse.
    convenience init(kept data: Data) {
        let sealed = data.count >= SharedMemory.worthIt ? SharedMemory.sealed(copying: data) : nil
        if sealed != nil { WorkerTraffic.counted(data.count) }
        self.init(id: Self.lastID.add(1, ordering: .relaxed).newValue,
                  data: sealed?.mappedReadOnly(length: data.count) ?? data, memory: sealed, count: data.count, complete: true)
    }

    // The workers that hold it open are told with their next request (`ClosedPictures`).
    deinit { ClosedPictures.close(id) }

    /// How many bytes the picture has (those in `file`, when it is in one).
    let count: Int

    /// Every byte, for a decode in this process (isolation off): read from `file` when there.
    var allBytes: Data? {
        guard let file else { return data }
        return file.readAll()
    }
}
