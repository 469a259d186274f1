import Foundation

/// Where a links file comes from: a web address, or a local file the person chose.
///
/// The rule that keeps `file:` safe: a local file is only ever a links file someone picked
/// (on the command line, in Open…, by dropping it, from their own recent lists), never a link
/// inside a list. Lines of any list go through `LinkClassifier`, which accepts http(s) only.
public enum LinksSource: Hashable, Sendable {
    case web(URL)
    case file(URL)

    /// Why a typed or pasted address cannot be opened.
    public enum AddressProblem: Error, Equatable, Sendable {
        case empty
        case notAWebAddress(InvalidLinkReason)
    }

    /// An address typed, pasted or saved in the settings: http(s) only.
    public static func address(_ text: String) -> Result<LinksSource, AddressProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        switch LinkClassifier.classify(trimmed) {
        case .link(let address, _): return .success(.web(address.url))
        case .invalid(let reason): return .failure(.notAWebAddress(reason))
        }
    }

    /// A list the person chose by naming it: an http(s) address, a `file:` URI or a path
    /// (relative to `directory`). Anything else (`javascript:`, `ftp:`…) is refused.
    public static func chosen(_ argument: String, relativeTo directory: URL) -> LinksSource? {
        if argument.lowercased().hasPrefix("file:") {
            guard let url = URL(string: argument), url.isFileURL, !url.path.isEmpty else { return nil }
            return .file(url.standardizedFileURL)
        }
        if case .success(let source) = address(argument) { return source }
        // Something with a scheme that is not http(s) or file is not a path either.
        if let colon = argument.firstIndex(of: ":"), argument[..<colon].allSatisfy({ $0.isLetter || $0 == "+" }),
           !argument.hasPrefix("/"), !argument.hasPrefix(".") {
            return nil
        }
        guard !argument.isEmpty else { return nil }
        let url = argument.hasPrefix("/") ? URL(fileURLWithPath: argument) : directory.appendingPathComponent(argument)
        return .file(url.standardizedFileURL)
    }

    /// The form saved in settings and used as the cache key.
    public var identifier: String { url.absoluteString }

    /// Reads back `identifier`. File URIs are accepted because only chosen lists are saved.
    public init?(identifier: String) {
        guard let url = URL(string: identifier) else { return nil }
        if url.isFileURL {
            self = .file(url)
        } else if case .success(let source) = Self.address(identifier) {
            self = source
        } else {
            return nil
        }
    }

    public var url: URL {
        switch self { case .web(let url), .file(let url): return url }
    }

    public var isLocalFile: Bool {
        if case .file = self { return true }
        return false
    }

    /// A short name for menus and the window's subtitle: the file name, or host and file name.
    public var displayName: String {
        let last = url.lastPathComponent
        switch self {
        case .file: return last.isEmpty ? url.path : last
        case .web(let url):
            let host = url.host ?? url.absoluteString
            return last.isEmpty || last == "/" ? host : "\(last) (\(host))"
        }
    }
}
