import GalleryCore

/// A page whose original is on its way: how far its download has come, and its rows drawn as
/// they arrive (`ViewerStandIns`).
extension ViewerPageStore {
    /// How far the download of page `index`'s original has come, while it loads.
    func progress(at index: Int) -> DownloadProgress? {
        guard items.indices.contains(index), case .loading? = state(at: index) else { return nil }
        return source.downloadProgress(for: items[index].url)
    }

    /// Draws what has arrived of page `index`'s original (`ViewerStandIns.refreshPartial`);
    /// true when a decode started.
    @discardableResult
    func refreshPartial(at index: Int, received: Int) -> Bool {
        guard items.indices.contains(index), case .loading? = state(at: index), let screen else { return false }
        return standIns.refreshPartial(index, url: items[index].url, screen: screen, received: received)
    }
}
