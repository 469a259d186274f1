import GalleryCore

/// The table's words for what fails beside loading: the disk cache, an address typed in the
/// Open Address dialog, the browser, the command line.
extension ErrorMessages {
    /// The cache banner: the pictures stay in memory, and the person knows why.
    static func cacheBanner(_ problem: CacheProblem) -> String {
        L10n.format("Images cannot be saved to the cache (%1$s). They are kept in memory only.", cacheReason(problem))
    }

    private static func cacheReason(_ problem: CacheProblem) -> String {
        switch problem {
        case .foldersUnavailable: return L10n.tr("its folders cannot be created")
        case .originalNotWritten: return L10n.tr("a downloaded picture could not be written")
        case .store(.diskFull): return L10n.tr("the disk is full")
        case .store(.notWritable(let path)): return L10n.format("the folder %1$s is not writable", path)
        case .store(.directoryUnavailable(let path, let reason)): return L10n.format("the folder %1$s is unavailable: %2$s", path, reason)
        case .store(.ioFailure(let path, let reason)): return L10n.format("%1$s could not be written: %2$s", path, reason)
        }
    }

    /// What the Open Address dialog says about an address it cannot open, as the person types.
    static func explanation(for problem: LinksSource.AddressProblem) -> String {
        switch problem {
        case .empty:
            return L10n.tr("Enter the web address of a links file, starting with https:// or http://.")
        case .notAWebAddress(.notAURL):
            return L10n.tr("This is not a web address yet: it must start with https:// or http://.")
        case .notAWebAddress(.unsupportedScheme(let scheme)):
            return L10n.format("Only web addresses (https or http) can be opened here, not “%1$s:”. Use Open… for a file on this computer.", scheme)
        case .notAWebAddress(.missingHost):
            return L10n.tr("The address needs a server name after “//”.")
        case .notAWebAddress(.malformed):
            return L10n.tr("This address is not valid: check the server name and the port.")
        }
    }

    /// Why a link did not open in the browser.
    @MainActor
    static func explanation(for failure: LinkSharing.Failure) -> String {
        switch failure {
        case .notAWebLink: return L10n.tr("Only web links (http or https) can be opened in a browser.")
        case .browserOpenerMissing: return L10n.tr("Cannot open a browser: the program “xdg-open” is not installed.")
        case .couldNotStart(let reason): return L10n.format("Cannot open a browser: %1$s", reason)
        case .openerFailed(let reason): return L10n.format("The browser could not be opened: %1$s", reason)
        }
    }

    /// Why one picture of a Save to Folder was not saved.
    static func explanation(for problem: SaveProblem) -> String {
        switch problem {
        case .download(let error): return explanation(for: error)
        case .diskFull: return L10n.tr("The disk is full.")
        case .notWritable: return L10n.tr("The folder cannot be written to.")
        case .folderGone: return L10n.tr("The folder is gone.")
        case .failed(let reason): return L10n.format("It could not be written: %1$s", reason)
        }
    }

    /// The one message at the end of a Save to Folder: how many, and why the others were not.
    static func saveReport(_ report: PictureSaving.Report, folderName: String) -> String {
        var parts: [String] = []
        parts.append(L10n.plural("%1$s picture saved to “%2$s”.", "%1$s pictures saved to “%2$s”.", report.saved.count, folderName))
        if !report.failed.isEmpty {
            let reasons = report.failed.prefix(3).map { "\($0.picture.title): \(explanation(for: $0.problem))" }
            let more = report.failed.count > 3 ? " " + L10n.plural("And %1$s more.", "And %1$s more.", report.failed.count - 3) : ""
            parts.append(L10n.plural("%1$s could not be saved:", "%1$s could not be saved:", report.failed.count)
                + " " + reasons.joined(separator: "; ") + "." + more)
        }
        if report.notTried > 0 {
            parts.append(report.cancelled
                ? L10n.plural("%1$s was not saved: cancelled.", "%1$s were not saved: cancelled.", report.notTried)
                : L10n.plural("%1$s was not tried.", "%1$s were not tried.", report.notTried))
        }
        return parts.joined(separator: " ")
    }

    /// A mistake on the command line, printed before `Try “link-gallery --help”.`
    static func explanation(for error: CommandLineOptions.ParseError) -> String {
        switch error {
        case .invalidURL(let url): return L10n.format("not an http(s) URL: %1$s", url)
        case .notAList(let argument): return L10n.format("not an http(s) address or a file: %1$s", argument)
        case .moreThanOneList: return L10n.tr("give one links file (--links-url URL or URL|FILE), not several")
        }
    }
}
