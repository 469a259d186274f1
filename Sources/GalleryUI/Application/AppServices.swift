import CGtk
import Foundation
import GalleryCore
import GObjectSupport

/// The long-lived parts every window shares: one HTTP client, one image repository, one retry
/// scheduler. Created once per process in the application's `startup`.
@MainActor
final class AppServices {
    let settings: AppSettings
    let style: StyleManager
    let http: HTTPClient
    let images: ImageRepository
    /// The largest scale among the monitors: thumbnails are made for it.
    let displayScale: Int
    private let directories: CacheDirectories?
    /// The `links-url` setting (the built-in address when it is not a web address).
    let defaultSource: LinksSource
    let recentLists: RecentListsStore
    let network: NetworkMonitor
    let retries: RetryScheduler

    init(settings: AppSettings) {
        self.settings = settings
        style = StyleManager(settings: settings)
        http = HTTPClient()
        let fallback = LinksSource.web(URL(string: AppIdentity.defaultLinksURL)!)
        defaultSource = (try? LinksSource.address(settings.linksURL).get()) ?? fallback
        recentLists = RecentListsStore(settings: settings, defaultSource: defaultSource)
        let directories = try? CacheDirectories()
        self.directories = directories
        var imageConfiguration = ImageRepository.Configuration()
        let scale = Self.largestDisplayScale()
        displayScale = scale
        // The grid asks for its own size (`ThumbnailSize`); this is the one for the usual cells,
        // which the viewer's stand-ins look for first.
        imageConfiguration.thumbnailSide = ThumbnailSize.thumbnailSide(forCell: ThumbnailSize.defaultCellSide, scale: scale)
        // As many thumbnails as at scale 1: each has scale² the pixels.
        imageConfiguration.memoryCapacityBytes *= scale * scale
        images = ImageRepository(http: http, directories: directories, configuration: imageConfiguration)
        network = NetworkMonitor()
        retries = RetryScheduler(networkMonitor: network)
        // Hosts paused for not answering while the network was away are asked again with it.
        network.onNetworkAvailable { [http] in http.forgetHostFailures() }
    }

    /// A repository per list shown: each keeps its own saved copy, under its own address.
    func linksRepository(for source: LinksSource) -> LinksRepository {
        LinksRepository(url: source.url, http: http, directories: directories)
    }

    /// The largest scale factor among the monitors: thumbnails sharp on a HiDPI screen, and
    /// no larger than needed on an ordinary one (a quarter of the pixels).
    private static func largestDisplayScale() -> Int {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display) else { return 1 }
        var scale: Int32 = 1
        ListModelItems.forEach(in: monitors) { monitor in
            scale = max(scale, gdk_monitor_get_scale_factor(monitor))
        }
        return Int(min(scale, 4))
    }
}
