import Foundation

/// The verdict on one line of the links file.
public enum LinkClassification: Sendable, Hashable {
    case invalid(reason: InvalidLinkReason)
    /// A fetchable http(s) link, already percent- and IDNA-encoded, with a guess from its extension.
    case link(LinkAddress, guess: LinkGuess)

    public var address: LinkAddress? {
        if case .link(let address, _) = self { return address }
        return nil
    }

    /// The link as a `URL`, made now (see `LinkAddress`); nil for a line that is not a link.
    public var url: URL? { address?.url }
}
