import Foundation

/// The verdict on one line of the links file.
public enum LinkClassification: Sendable, Hashable {
    case invalid(reason: InvalidLinkReason)
    /// A fetchable http(s) URL, already percent- and IDNA-encoded, with a guess from its extension.
    case link(URL, guess: LinkGuess)

    public var url: URL? {
        if case .link(let url, _) = self { return url }
        return nil
    }
}
