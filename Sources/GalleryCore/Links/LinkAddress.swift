import Foundation

/// A link the classifier accepted, as the text a request is made with: `http` or `https`, a host,
/// everything in plain ASCII (percent-encoded path and query, punycode host) in the form Foundation
/// and libcurl take without further interpretation.
///
/// A list keeps the text and makes the `URL` when something asks for it: a list of 100,000 lines
/// shows a few dozen at a time, and making every `URL` up front cost as much as the whole rest of
/// reading the list, and a `URL`'s parse results per line held until the list is closed.
public struct LinkAddress: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    /// Only the classifier makes addresses: it has checked `text` against RFC 3986 (byte by byte,
    /// or by Foundation's strict parser for what it does not check itself, such as IPv6 literals).
    init(checked text: String) {
        self.text = text
    }

    /// The link as a `URL`. Foundation's strict parser reads every address the classifier makes
    /// (`LinkAddressTests`, and the fuzzer checks it for every link it finds).
    public var url: URL {
        guard let url = URL(string: text, encodingInvalidCharacters: false) else {
            preconditionFailure("the classifier accepted a link Foundation cannot read: \(text)")
        }
        return url
    }

    /// An address a sandboxed worker's classifier sent back (`LinksReply`): taken only when
    /// Foundation's strict parser reads it as an http(s) link with a host, as the classifier
    /// makes every address; nil otherwise (the worker misbehaved).
    init?(fromWorker text: String) {
        guard let url = URL(string: text, encodingInvalidCharacters: false), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host?.isEmpty == false else { return nil }
        self.text = text
    }

    public var description: String { text }
}
