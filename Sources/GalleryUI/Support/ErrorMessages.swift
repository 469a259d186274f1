import GalleryCore

/// Words for failures: short ones for tiles, a sentence for tooltips and the viewer, and the
/// links file's pages. The viewer's titles and icons live in `ViewerErrorText`.
enum ErrorMessages {
    /// A sentence on why an image failed and what may help: the viewer's error page, the
    /// tile's tooltip, a failed save.
    static func explanation(for error: ImageLoadError) -> String {
        switch error {
        case .noConnection:
            return L10n.tr("Check your network connection, then try again.")
        case .timedOut:
            return L10n.tr("The server took too long to answer. It may be busy; try again later.")
        case .serverError(let status):
            let format = L10n.tr("The server answered with error %d.")
            return format.replacingFirst("%d", with: String(status))
        case .notAnImage:
            return L10n.tr("The link works, but what it points to is not a picture.")
        case .tooLarge:
            return L10n.tr("The file is bigger than this app can open safely.")
        case .damaged:
            return L10n.tr("The file is incomplete or corrupt and cannot be shown.")
        case .unsupportedFormat(let format):
            return L10n.tr("The picture is in the %s format, which this computer cannot decode. Open it in the web browser instead.")
                .replacingFirst("%s", with: format.displayName)
        case .tooSlowToDraw:
            return L10n.tr("Drawing this picture took too long while the computer was busy. Try again.")
        case .badResponse:
            return L10n.tr("The server sent redirects or data this app cannot follow.")
        case .cancelled:
            return L10n.tr("Loading was interrupted.")
        }
    }

    static func short(_ error: ImageLoadError) -> String {
        switch error {
        case .noConnection: return L10n.tr("Not loaded")
        case .timedOut: return L10n.tr("Timed out")
        case .serverError(let status) where status == 404: return L10n.tr("Not found (404)")
        case .serverError(let status): return String(format: L10n.tr("Server error %d"), status)
        case .notAnImage: return L10n.tr("Not an image")
        case .tooLarge: return L10n.tr("Too large")
        case .damaged: return L10n.tr("Damaged image")
        case .unsupportedFormat(let format): return unsupportedFormat(format)
        case .tooSlowToDraw: return L10n.tr("Too slow to draw")
        case .badResponse: return L10n.tr("Bad response")
        case .cancelled: return L10n.tr("Cancelled")
        }
    }

    /// "Unsupported format (JPEG XL)": the tile's words and the viewer's title alike.
    static func unsupportedFormat(_ format: ImageFormat) -> String {
        L10n.tr("Unsupported format (%s)").replacingFirst("%s", with: format.displayName)
    }

    static func linksTitle(_ error: LinksError) -> String {
        switch error {
        case .noConnection: return L10n.tr("No Connection")
        case .timedOut: return L10n.tr("The Server Is Not Responding")
        case .serverError: return L10n.tr("Server Error")
        case .tooLarge, .badResponse, .cancelled, .unreadableFile: return L10n.tr("The List Cannot Be Loaded")
        }
    }

    static func linksDescription(_ error: LinksError) -> String {
        switch error {
        case .noConnection:
            return L10n.tr("Check your network connection. The list will load by itself when the network is back.")
        case .timedOut: return L10n.tr("The server took too long to answer. Trying again shortly.")
        case .serverError(let status):
            return String(format: L10n.tr("The server answered with error %d."), status)
        case .tooLarge: return L10n.tr("The links file is too large.")
        case .badResponse: return L10n.tr("The server sent a response that cannot be used.")
        case .cancelled: return L10n.tr("Loading was cancelled.")
        case .unreadableFile: return L10n.tr("The links file cannot be read. It may have been moved or deleted.")
        }
    }
}
