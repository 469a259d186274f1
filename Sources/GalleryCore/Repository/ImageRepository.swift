import Foundation
import Synchronization

/// The one place grid and viewer get images from: memory, then disk, then network.
///
/// Each level fills the ones above it. Original bytes are fetched once per URL however many
/// tiles and viewer pages ask at the same time (`CoalescedTasks`), kept on disk for the viewer
/// and for thumbnails, and decoded off the main thread. Errors are `LoadError`.
public final class ImageRepository: Sendable {
    public struct Configuration: Sendable {
        /// About one and a half screens of thumbnails (48–64 KB each at 126 px) for scrolling back
        /// without a disk read; GTK keeps a second copy of each one drawn (the GPU texture).
        public var memoryCapacityBytes = 16 * 1024 * 1024
        /// About 10,000 thumbnails of 126 px (stored uncompressed, ~48 KB each): a long list
        /// scrolled end to end is still read back from disk, not downloaded again.
        public var thumbnailDiskBytes = 512 * 1024 * 1024
        public var originalDiskBytes = 1024 * 1024 * 1024
        /// Files each folder keeps at most: every file is an inode and an entry listed at start.
        /// Thumbnails are ~49 KB (10,000 fill the bytes); originals average 100 KB on the web.
        public var thumbnailDiskFiles = 20_000
        public var originalDiskFiles = 20_000
        /// Bodies larger than this are refused while downloading.
        public var maxOriginalBytes = 80 * 1024 * 1024
        /// Thumbnails are this many pixels square: 126 for cells of at most 120 px, times the
        /// display's scale. Part of the cache key, so a change makes new ones.
        public var thumbnailSide = ImageDecoder.defaultThumbnailSide
        /// Declared pixel counts above this are refused before decoding (decompression bombs).
        public var maxPixels = 100_000_000
        /// All frames of one animated GIF together; a larger one is shown as a still.
        public var maxAnimationBytes = ImageDecoder.defaultMaxAnimationBytes
        /// Originals that thumbnail decodes hold in memory at once (`thumbnailOriginals`): two
        /// camera photos of 20 MB, as many as two cores decode at a time anyway, or hundreds of
        /// ordinary web images.
        public var thumbnailOriginalBytes = 40 * 1024 * 1024
        public init() {}
    }

    let http: HTTPClient
    let configuration: Configuration
    let thumbnailStore: DiskStore?
    let notImages: NotImageVerdicts?
    let originalStore: DiskStore?
    let memory: MemoryCache<String, ThumbnailImage>
    let originalDownloads = CoalescedTasks<String, DownloadedOriginal>()
    let thumbnails = CoalescedTasks<String, ThumbnailImage>()
    /// The thumbnail sizes asked for since launch (the person may choose larger tiles).
    let thumbnailSidesInUse = Mutex<Set<Int>>([])
    /// Bytes of originals thumbnail decodes hold at once. A grid of camera photos downloads
    /// 9–20 MB per tile, six at a time, and decodes them a few at a time: unbounded, finished
    /// bodies piled up waiting for a decode (heaptrack: 159 MiB of the grid's 420 MiB peak with
    /// 14 photos). A thumbnail asks once its original is on disk, so it waits holding nothing
    /// and reads the file back only once let in. A transfer still running holds no share (a
    /// stalled server keeps no thumbnail waiting); the viewer's pages never ask.
    let thumbnailOriginals: PriorityGate
    let liveDownloads = LiveDownloads()
    /// The viewer's originals as the workers get them, reused by each page's zooms.
    let openedOriginals = OpenedOriginals()
    let downloadFacts: DownloadFacts
    /// How downloads ended and why pictures failed, for a failure's Details (`failureReport`).
    let failureLog = FailureLog()
    /// How people turned pictures in the viewer (the app's own state, not the originals').
    public let turns: PictureTurns
    public let cacheProblems = CacheProblemReporter()
    /// Where the links of the list shown may lead (`LinksSnapshot.linkReach`): every download
    /// takes it as it starts. Anywhere until a list says otherwise (the viewer of a single
    /// picture, tests).
    let reach = Mutex(AddressReach.anyAddress)

    /// The list shown changed: its links may reach as far as `linkReach`.
    public func setLinkReach(_ linkReach: AddressReach) {
        reach.withLock { $0 = linkReach }
    }

    /// The host `url`'s download waits for while its host is asked slowly (a 429's wait), for
    /// the tile to say so; nil when it does not wait.
    public func waitingHost(for url: URL) -> String? {
        http.waitingHost(for: url)
    }

    public init(http: HTTPClient, directories: CacheDirectories?, configuration: Configuration = .init()) {
        self.http = http
        self.configuration = configuration
        memory = MemoryCache(capacityBytes: configuration.memoryCapacityBytes)
        thumbnailOriginals = PriorityGate(.init(capacity: configuration.thumbnailOriginalBytes))
        func store(_ url: URL?, _ capacity: Int, _ files: Int, _ ext: String, sharing: Bool = false) -> DiskStore? {
            url.map { DiskStore(directory: $0, capacityBytes: capacity, maxFiles: files, fileExtension: ext, sharingIdenticalPayloads: sharing) }
        }
        thumbnailStore = store(directories?.thumbnails, configuration.thumbnailDiskBytes, configuration.thumbnailDiskFiles, "png")
        notImages = directories.map {
            NotImageVerdicts(file: $0.root.appendingPathComponent(Self.verdictsFileName), legacyFolder: $0.thumbnails)
        }
        downloadFacts = DownloadFacts(file: directories?.root.appendingPathComponent(DownloadFacts.fileName))
        turns = PictureTurns(file: directories?.root.appendingPathComponent(PictureTurns.fileName))
        // The same photo behind several links is kept once (issue 55).
        originalStore = store(directories?.originals, configuration.originalDiskBytes, configuration.originalDiskFiles, "bin", sharing: true)
        if directories == nil {
            cacheProblems.report(.foldersUnavailable)
        }
    }

    // MARK: Disk helpers

    func save(_ data: Data, key: String, to store: DiskStore?) async {
        guard let store else { return }
        let failure: DiskStoreError? = await BlockingWork.run(on: BlockingWork.disk) { () -> DiskStoreError? in
            do throws(DiskStoreError) { try store.write(data, key: key); return nil } catch { return error }
        }
        if let failure {
            cacheProblems.report(.store(failure))
        }
    }

    func remove(key: String, from store: DiskStore?) async {
        guard let store else { return }
        await BlockingWork.run(on: BlockingWork.disk) { store.remove(key: key) }
    }

    /// Why `url`'s picture failed, its last failure in this run; nil when it has not failed or
    /// loaded since.
    public func failureReport(for url: URL) -> FailureReport? {
        failureLog.report(for: url)
    }

    /// Forgets everything about `url` that a Retry should not trust: a "not an image" verdict.
    public func forgetFailure(for url: URL) async {
        guard let notImages else { return }
        let key = url.absoluteString
        await BlockingWork.run(on: BlockingWork.disk) { notImages.remove(key) }
    }

    /// Writes the "not an image" verdicts and what servers said about originals now, rather than
    /// a moment after their last change: at quit. Blocking (a few MB at most).
    public func saveVerdictsNow() {
        notImages?.writeNow()
        downloadFacts.writeNow()
        turns.writeNow()
    }

    /// The "not an image" verdicts' file, in the cache root beside the three folders.
    public static let verdictsFileName = "not-images.verdicts"
}

extension LoadError {
    /// Normalizes whatever the pipeline threw into the classes a person sees.
    init(_ error: any Error) {
        switch error {
        case let error as LoadError: self = error
        case let error as HTTPError: self = error.asLoadError
        case is CancellationError: self = .cancelled // Swift's own (a task's sleep), should one reach here
        // Anything else is the app's own failure, not the file's: never "damaged", which would
        // forget a good original.
        default: self = .couldNotDecode
        }
    }
}
