import Foundation
import GalleryCore

/// The long-lived parts every window shares: one HTTP client, one image repository, one retry
/// scheduler. Created once per process in the application's `startup`.
@MainActor
final class AppServices {
    let settings: AppSettings
    let style: StyleManager
    let http: HTTPClient
    let images: ImageRepository
    let links: LinksRepository
    let network: NetworkMonitor
    let retries: RetryScheduler

    init(linksURL: URL, settings: AppSettings) {
        self.settings = settings
        style = StyleManager(settings: settings)
        http = HTTPClient()
        let directories = try? CacheDirectories()
        images = ImageRepository(http: http, directories: directories)
        links = LinksRepository(url: linksURL, http: http, directories: directories)
        network = NetworkMonitor()
        retries = RetryScheduler(networkMonitor: network)
    }
}
