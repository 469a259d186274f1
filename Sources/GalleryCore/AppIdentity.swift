/// Names the outside world depends on: desktop integration, the cache layout, gettext.
public enum AppIdentity {
    public static let applicationID = "io.github.linkgallery.LinkGallery"
    public static let name = "Link Gallery"
    public static let version = "0.1.0"
    public static let gettextDomain = "link-gallery"
    public static let defaultLinksURL = "https://it-link.ru/test/images.txt"
    /// Some image hosts answer 403 without a descriptive User-Agent.
    public static var userAgent: String { "LinkGallery/\(version) (+\(applicationID))" }
}
