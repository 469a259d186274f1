import Foundation

/// One page of the viewer: the link and the name a person reads in the title.
public struct ViewerItem: Sendable, Equatable {
    public let url: URL
    public let title: String

    public init(url: URL, title: String) {
        self.url = url
        self.title = title
    }

    /// Names the item after the link: its last path component, or the host when the path is
    /// empty (`https://example.com/?id=3`), or the whole link as a last resort.
    public init(url: URL) {
        self.init(url: url, title: ViewerItem.readableName(for: url))
    }

    public static func readableName(for url: URL) -> String {
        let last = url.lastPathComponent
        if !last.isEmpty, last != "/" {
            return last.removingPercentEncoding ?? last
        }
        if let host = url.host, !host.isEmpty { return host }
        return url.absoluteString
    }
}
