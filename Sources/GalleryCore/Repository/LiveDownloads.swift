import Synchronization

/// The originals arriving now, by cache key: one `LiveDownload` per coalesced download, found
/// by the viewer's page and the grid's tile that wait for it.
final class LiveDownloads: Sendable {
    private let downloads = Mutex<[String: LiveDownload]>([:])

    /// Starts counting the body that goes to `sink` under `key`.
    func begin(key: String, writingTo sink: any ReadableBodySink) -> LiveDownload {
        let download = LiveDownload(key: key, sink: sink)
        downloads.withLock { $0[key] = download }
        return download
    }

    /// The download ended (stored, failed or cancelled): it is no longer found.
    func end(_ download: LiveDownload) {
        downloads.withLock { downloads in
            if downloads[download.key] === download { downloads[download.key] = nil }
        }
    }

    func download(for key: String) -> LiveDownload? {
        downloads.withLock { $0[key] }
    }
}
