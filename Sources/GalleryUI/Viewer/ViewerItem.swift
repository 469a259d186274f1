import Foundation
import GalleryCore

/// One page of the viewer: the link and the name a person reads in the title.
///
/// Both are worked out when the page is shown, not when the viewer opens: a viewer opened on a
/// list of 100,000 lines made every `URL` and every name first, a quarter of a second with the
/// window waiting.
public struct ViewerItem: Sendable, Equatable {
    private enum Link: Sendable, Equatable {
        case url(URL)
        case address(LinkAddress)
    }

    /// Another line of the list that leads to the same picture (Hide Duplicates), and the size
    /// its thumbnail said its original has.
    public struct OtherLink: Sendable, Equatable {
        public let address: LinkAddress
        public let size: PixelSize?
    }

    private let link: Link
    /// The other lines that lead to this page's picture, in list order; none unless duplicates
    /// are hidden and this page stands for them.
    public let otherLinks: [OtherLink]

    public init(url: URL) {
        link = .url(url)
        otherLinks = []
    }

    /// A link of a list.
    public init(address: LinkAddress, otherLinks: [OtherLink] = []) {
        link = .address(address)
        self.otherLinks = otherLinks
    }

    public var url: URL {
        switch link {
        case .url(let url): url
        case .address(let address): address.url
        }
    }

    /// Named after the link (see `readableName`).
    public var title: String { Self.readableName(for: url) }

    /// Names the item after the link: its last path component, or the host when the path is
    /// empty (`https://example.com/?id=3`), or the whole link as a last resort.
    public static func readableName(for url: URL) -> String {
        let last = url.lastPathComponent
        if !last.isEmpty, last != "/" {
            return last.removingPercentEncoding ?? last
        }
        if let host = url.host, !host.isEmpty { return host }
        return url.absoluteString
    }
}
