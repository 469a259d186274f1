import Foundation
import GalleryCore

/// What the command line asked for, once GApplication's option parser has split it:
/// `link-gallery [--links-url URL] [URL|FILE]`.
///
/// GApplication parses the options (`GalleryApplication+CommandLine`); this decides which list
/// they name, in the launching process, so a bad argument gets a clear message and exit status
/// 2 without a display, and a relative path is resolved against the launcher's folder.
public struct CommandLineOptions: Equatable, Sendable {
    /// `--links-url URL`.
    public var linksURL: String?
    /// The positional arguments.
    public var lists: [String] = []

    public init(linksURL: String? = nil, lists: [String] = []) {
        self.linksURL = linksURL
        self.lists = lists
    }

    /// A mistake in the arguments (`ErrorMessages.explanation(for:)` words it).
    public enum ParseError: Error, Equatable {
        case invalidURL(String)
        case notAList(String)
        case moreThanOneList
    }

    /// The list to show, or nil for the saved or default one.
    public func source(relativeTo directory: URL) throws(ParseError) -> LinksSource? {
        guard lists.count + (linksURL == nil ? 0 : 1) <= 1 else { throw .moreThanOneList }
        if let linksURL {
            // --links-url has always taken web addresses only.
            guard case .success(let source) = LinksSource.address(linksURL) else { throw .invalidURL(linksURL) }
            return source
        }
        guard let argument = lists.first else { return nil }
        guard let source = LinksSource.chosen(argument, relativeTo: directory) else { throw .notAList(argument) }
        return source
    }
}
