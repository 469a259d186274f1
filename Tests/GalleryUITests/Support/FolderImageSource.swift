import CGtk
import Foundation
import GalleryCore
import GalleryUI
import Synchronization

/// A real `OriginalImageSource` over files on disk: a link `https://host/any/path/NAME` is served
/// from `folder/NAME`, decoded with gdk-pixbuf on a private queue (never on Swift's cooperative
/// pool). It records every request and can be told to fail, to be slow, or to return a reduced
/// texture for chosen URLs.
final class FolderImageSource: OriginalImageSource {
    let folder: URL

    init(folder: URL) { self.folder = folder }

    /// The web link under which `file` (inside `folder`) is served.
    static func link(for file: URL) -> URL {
        URL(string: "https://images.example.invalid/gallery/\(file.lastPathComponent)")!
    }

    private func file(for url: URL) -> URL { folder.appendingPathComponent(url.lastPathComponent) }

    struct Request: Equatable {
        let url: URL
        let priority: LoadPriority
    }

    private struct State {
        var failures: [URL: LoadError] = [:]
        var reduced: Set<URL> = []
        var delay: Duration = .zero
        var requests: [Request] = []
        var livePriorities: [URL: [SharedPriority]] = [:]
        var cancelled: [URL] = []
        var detailRequests: [URL] = []
        var detailRegions: [DetailRegion?] = []
        var thumbnailRequests: [URL] = []
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "FolderImageSource.decode")

    func fail(_ url: URL, with error: LoadError?) { state.withLock { $0.failures[url] = error } }
    func reduce(_ url: URL) { state.withLock { _ = $0.reduced.insert(url) } }
    func setDelay(_ delay: Duration) { state.withLock { $0.delay = delay } }
    var requests: [Request] { state.withLock { $0.requests } }
    /// The priorities of the requests for `url` as they are now (a request's may change while
    /// it waits), in the order they came.
    func currentPriorities(of url: URL) -> [LoadPriority] {
        state.withLock { $0.livePriorities[url, default: []].map(\.current) }
    }
    var cancelled: [URL] { state.withLock { $0.cancelled } }

    func original(for url: URL, fitting screen: PixelSize?, priority: SharedPriority) async throws -> DecodedImage {
        let (failure, reduced, delay) = state.withLock { state in
            state.requests.append(Request(url: url, priority: priority.current))
            state.livePriorities[url, default: []].append(priority)
            return (state.failures[url], state.reduced.contains(url), state.delay)
        }
        do {
            if delay > .zero { try await Task.sleep(for: delay) }
            try Task.checkCancellation()
        } catch {
            state.withLock { $0.cancelled.append(url) }
            throw error
        }
        if let failure { throw failure }
        guard let screen, !reduced else { return try await decode(file(for: url).path, reduced: reduced) }
        let data = try await originalData(for: url)
        return try await onQueue { try ImageDecoder.original(from: data, fitting: screen) }
    }

    func original(for url: URL, fitting screen: PixelSize?, turn: PictureTurn, priority: SharedPriority) async throws -> DecodedImage {
        guard !turn.isNone else { return try await original(for: url, fitting: screen, priority: priority) }
        state.withLock { $0.requests.append(Request(url: url, priority: priority.current)) }
        let data = try await originalData(for: url)
        return try await onQueue { try ImageDecoder.original(from: data, fitting: screen, turn: turn) }
    }

    func fullDetail(for url: URL, covering region: DetailRegion?, priority: SharedPriority) async throws -> FullDetailImage {
        state.withLock {
            $0.detailRequests.append(url)
            $0.detailRegions.append(region)
        }
        let data = try await originalData(for: url)
        return try await onQueue { try ImageDecoder.fullDetail(from: data, covering: region) }
    }

    /// Full-detail decodes asked for, in order.
    var detailRequests: [URL] { state.withLock { $0.detailRequests } }
    /// The regions those decodes were asked to cover, in order.
    var detailRegions: [DetailRegion?] { state.withLock { $0.detailRegions } }

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    func originalData(for url: URL) async throws -> Data {
        if let failure = state.withLock({ $0.failures[url] }) { throw failure }
        let file = file(for: url)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                do { continuation.resume(returning: try Data(contentsOf: file)) } catch {
                    continuation.resume(throwing: LoadError.damaged)
                }
            }
        }
    }

    /// Made from the file each time, and counted: the strip must ask only for what it shows.
    func thumbnail(for url: URL, side: Int?, priority: SharedPriority) async throws -> ThumbnailImage {
        state.withLock { $0.thumbnailRequests.append(url) }
        let data = try await originalData(for: url)
        return try await onQueue { try ImageDecoder.thumbnail(from: data, side: side ?? 64).image }
    }

    func cachedThumbnail(for url: URL, side: Int?) -> ThumbnailImage? { nil }

    var thumbnailRequests: [URL] { state.withLock { $0.thumbnailRequests } }

    /// The failure the test set for `url`, as the repository reports one.
    func failureReport(for url: URL) -> FailureReport? {
        state.withLock { $0.failures[url] }.map { FailureReport(asked: url, error: $0) }
    }

    func croppedCopy(for url: URL, turn: PictureTurn, crop: CropArea?, priority: SharedPriority) async throws -> (data: Data, fileExtension: String) {
        let data = try await originalData(for: url)
        return try await onQueue { try ImageDecoder.turnedCopy(of: data, turn: turn, crop: crop) }
    }

    func turnedCopy(for url: URL, turn: PictureTurn, priority: SharedPriority) async throws -> (data: Data, fileExtension: String) {
        let data = try await originalData(for: url)
        return try await onQueue { try ImageDecoder.turnedCopy(of: data, turn: turn) }
    }

    /// `reduced` stands in for the repository's over-the-limit path: half size, full declared size.
    private func decode(_ path: String, reduced: Bool) async throws -> DecodedImage {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                var width: Int32 = 0, height: Int32 = 0
                guard gdk_pixbuf_get_file_info(path, &width, &height) != nil else {
                    continuation.resume(throwing: LoadError.notAnImage)
                    return
                }
                var error: UnsafeMutablePointer<GError>?
                let pixbuf = reduced
                    ? gdk_pixbuf_new_from_file_at_size(path, width / 2, height / 2, &error)
                    : gdk_pixbuf_new_from_file(path, &error)
                g_clear_error(&error)
                guard let pixbuf else {
                    continuation.resume(throwing: LoadError.damaged)
                    return
                }
                let texture = gdk_texture_new_for_pixbuf(pixbuf)!
                g_object_unref(UnsafeMutableRawPointer(pixbuf))
                continuation.resume(returning: DecodedImage(
                    texture: TextureHandle(taking: texture), sourceWidth: Int(width), sourceHeight: Int(height)))
            }
        }
    }
}

/// The picture as a file's type, as the repository names it: the file's, or its turned copy's.
extension FolderImageSource {
    func pictureFileFormat(for url: URL, turn: PictureTurn) -> ImageFormat? {
        guard let header = try? FileHandle(forReadingFrom: folder.appendingPathComponent(url.lastPathComponent)).read(upToCount: 64),
              let format = ContentSniffer.imageFormat(of: header) else { return nil }
        return turn.isNone ? format : format.turnedCopyFormat
    }
}
