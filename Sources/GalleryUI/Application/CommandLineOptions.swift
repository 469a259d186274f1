import GalleryCore

/// What the user asked for on the command line.
///
/// Parsed by us rather than by GApplication so `--help` and `--version` answer without a display
/// and a bad URL gets a clear message before any window opens.
public struct CommandLineOptions: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case run
        case showHelp
        case showVersion
    }

    public var action: Action = .run
    /// Nil means the saved or default links URL.
    public var linksURL: String?

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case missingValue(String)
        case unknownOption(String)
        case invalidURL(String)

        public var description: String {
            switch self {
            case .missingValue(let option): return "option \(option) needs a value"
            case .unknownOption(let option): return "unknown option \(option)"
            case .invalidURL(let url): return "not an http(s) URL: \(url)"
            }
        }
    }

    public static func parse(_ arguments: [String]) throws(ParseError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var remaining = arguments.dropFirst()[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": options.action = .showHelp
            case "--version": options.action = .showVersion
            case "--links-url":
                guard let value = remaining.popFirst() else { throw .missingValue(argument) }
                options.linksURL = try validated(value)
            case _ where argument.hasPrefix("--links-url="):
                options.linksURL = try validated(String(argument.dropFirst("--links-url=".count)))
            default: throw .unknownOption(argument)
            }
        }
        return options
    }

    private static func validated(_ value: String) throws(ParseError) -> String {
        guard case .link = LinkClassifier.classify(value) else { throw .invalidURL(value) }
        return value
    }

    public static var helpText: String {
        """
        Usage: link-gallery [--links-url URL]

        Shows the images listed in a links file as a grid of thumbnails.

          --links-url URL   the links file to show (default: \(AppIdentity.defaultLinksURL))
          --version         print the version and exit
          -h, --help        print this help and exit
        """
    }
}
