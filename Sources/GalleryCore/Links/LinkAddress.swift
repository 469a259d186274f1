import Foundation

/// A link the classifier accepted, as the text a request is made with: `http` or `https`, a host,
/// everything in plain ASCII (percent-encoded path and query, punycode host) in the form Foundation
/// and libcurl take without further interpretation.
///
/// A list keeps the text and makes the `URL` when something asks for it: a list of 100,000 lines
/// shows a few dozen at a time, and making every `URL` up front cost as much as the whole rest of
/// reading the list, and a `URL`'s parse results per line held until the list is closed. A link
/// the classifier had to rewrite (spaces, other alphabets) is kept as its line and written when
/// asked (`AddressWriter`): written out, 100,000 lines of Chinese characters took 100 MB more,
/// three bytes for each of their own (issue 42).
public struct LinkAddress: Sendable, Hashable, CustomStringConvertible {
    private enum Form: Sendable {
        case text(String)
        /// The line, and its authority as the classifier writes it (IDNA is GLib's, once).
        case written(line: String, authority: String)
    }

    private let form: Form

    /// Only the classifier makes addresses: it has checked `text` against RFC 3986 (byte by byte,
    /// or by Foundation's strict parser for what it does not check itself, such as IPv6 literals).
    init(checked text: String) {
        form = .text(text)
    }

    public var text: String {
        switch form {
        case .text(let text): text
        case .written(let line, let authority): AddressWriter.text(of: line, authority: authority) ?? Self.nowhere.absoluteString
        }
    }

    /// The link as a `URL`. Foundation's strict parser reads every address the classifier makes
    /// (`LinkAddressTests`, and the fuzzer checks it for every link it finds). The classifier runs
    /// in a sandboxed worker (`PictureLoader.links`): one that misbehaved could call a line a link as
    /// it stands that passes `init(fromWorker:)` and still does not parse; it then names no server at all
    /// (`nowhere`), and fails as that one picture's download.
    public var url: URL {
        URL(string: text, encodingInvalidCharacters: false) ?? Self.nowhere
    }

    /// A name reserved never to resolve (RFC 2606).
    static let nowhere = URL(string: "http://link-gallery.invalid/")!

    /// A line a sandboxed worker's classifier said is a link as it stands (`LinksReply`), taken
    /// when it has the classifier's shape: `http://` or `https://`, a host, and nothing but
    /// printable ASCII with no space. Checked byte by byte rather than parsed: a list of 100,000
    /// lines would otherwise make 100,000 `URL`s up front, which cost twice as much as reading
    /// the whole list.
    init?(fromWorker text: String) {
        guard Self.hasLinkShape(text) else { return nil }
        form = .text(text)
    }

    /// A line a worker said is a link the classifier rewrites: written here from the line's own
    /// bytes (`AddressWriter`), never taken from the worker, and kept as the line.
    init?(writtenFrom line: String) {
        guard let authority = AddressWriter.authority(of: line),
              let text = AddressWriter.text(of: line, authority: authority), Self.hasLinkShape(text) else { return nil }
        form = .written(line: line, authority: authority)
    }

    private static func hasLinkShape(_ text: String) -> Bool {
        let bytes = text.utf8
        let scheme = bytes.starts(with: "https://".utf8) ? 8 : bytes.starts(with: "http://".utf8) ? 7 : 0
        guard scheme > 0, bytes.count > scheme, bytes.allSatisfy({ (0x21...0x7E).contains($0) }),
              let first = bytes.dropFirst(scheme).first else { return false }
        return ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(first)
    }

    public static func == (left: LinkAddress, right: LinkAddress) -> Bool { left.text == right.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    public var description: String { text }
}
