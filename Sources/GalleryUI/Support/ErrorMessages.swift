import GalleryCore

/// The one table of words for failures, every one translated. A `LoadError` is worded for what
/// failed: for a picture, a title and icon (the viewer's error page), a short phrase (tiles) and
/// a sentence on what may help (tooltips, the viewer, a failed save); for the links file, the
/// title, icon and sentence of the gallery's status page and banner (`forList`). What both say alike (no
/// connection, a silent server, a server error) is one message. The cache's problems, the
/// Open Address dialog's, the browser's and the command line's are worded here too
/// (`ErrorMessages+Elsewhere`).
enum ErrorMessages {

    private static var noConnectionTitle: String { L10n.tr("No Connection") }
    private static var timedOutTitle: String { L10n.tr("The Server Is Not Responding") }

    private static var localAddressTitle: String { L10n.tr("A public list cannot open a local address") }

    private static func hostNotAnswering(_ host: String) -> String {
        L10n.format("%1$s is not answering", host)
    }

    private static func serverAnswered(_ status: Int) -> String {
        L10n.format("The server answered with error %1$s.", String(status))
    }

    static func title(for error: LoadError) -> String {
        switch error {
        case .noConnection: return noConnectionTitle
        case .timedOut: return timedOutTitle
        case .serverError: return L10n.tr("The Server Refused the Image")
        case .notAnImage: return L10n.tr("Not an Image")
        case .tooLarge: return L10n.tr("Image Too Large")
        case .damaged: return L10n.tr("Damaged Image")
        case .unsupportedFormat(let format): return unsupportedFormat(format)
        case .tooSlowToDraw: return L10n.tr("The Picture Took Too Long to Draw")
        case .tooMuchToDraw: return L10n.tr("The Picture Needs Too Much Time to Draw")
        case .outOfMemory: return L10n.tr("Not Enough Memory")
        case .couldNotDecode: return L10n.tr("The Picture Could Not Be Decoded")
        case .unreadableFile: return L10n.tr("The File Cannot Be Read")
        case .badResponse: return L10n.tr("Unusable Server Response")
        case .localAddressRefused: return localAddressTitle
        case .hostPaused(let host): return hostNotAnswering(host)
        case .cancelled: return L10n.tr("Loading Stopped")
        }
    }

    /// The icon for the error page: network trouble looks different from a bad file.
    static func iconName(for error: LoadError) -> String {
        switch error {
        case .noConnection, .timedOut, .hostPaused: return "network-offline-symbolic"
        case .serverError, .badResponse, .localAddressRefused: return "network-error-symbolic"
        case .notAnImage, .tooLarge, .damaged, .unsupportedFormat, .tooSlowToDraw, .tooMuchToDraw, .outOfMemory, .couldNotDecode,
             .unreadableFile, .cancelled:
            return "image-missing-symbolic"
        }
    }

    /// A sentence on why an image failed and what may help: the viewer's error page, the
    /// tile's tooltip, a failed save.
    static func explanation(for error: LoadError) -> String {
        switch error {
        case .noConnection:
            return L10n.tr("Check your network connection, then try again.")
        case .timedOut:
            return L10n.tr("The server took too long to answer. It may be busy; try again later.")
        case .serverError(let status):
            return serverAnswered(status)
        case .notAnImage:
            return L10n.tr("The link works, but what it points to is not a picture.")
        case .tooLarge:
            return L10n.tr("The file is bigger than this app can open safely.")
        case .damaged:
            return L10n.tr("The file is incomplete or corrupt and cannot be shown.")
        case .unsupportedFormat(let format):
            return L10n.format(
                "The picture is in the %1$s format, which this computer cannot decode. Open it in the web browser instead.",
                format.displayName)
        case .tooSlowToDraw:
            return L10n.tr("Drawing this picture took too long while the computer was busy. Try again.")
        case .tooMuchToDraw:
            return L10n.tr("Drawing this picture needs more computing time than this app gives one picture. The file is kept; open it in the web browser instead.")
        case .outOfMemory:
            return L10n.tr("The computer ran short of memory while decoding this picture. The file is kept; close other windows and try again.")
        case .couldNotDecode:
            return L10n.tr("The decoder stopped on this picture. The file is kept; try again.")
        case .unreadableFile:
            return L10n.tr("The file cannot be read. It may have been moved or deleted.")
        case .badResponse:
            return L10n.tr("The server sent redirects or data this app cannot follow.")
        case .localAddressRefused:
            return L10n.tr("This list came from the internet, and the link leads to this computer or its local network. Such links are only opened from a list on this computer or on the local network.")
        case .hostPaused:
            return L10n.tr("The server failed several times in a row. Its pictures are tried again by themselves in a moment.")
        case .cancelled:
            return L10n.tr("Loading was interrupted.")
        }
    }

    static func short(_ error: LoadError) -> String {
        switch error {
        case .noConnection: return L10n.tr("Not loaded")
        case .timedOut: return L10n.tr("Timed out")
        case .serverError(let status) where status == 404: return L10n.tr("Not found (404)")
        case .serverError(let status): return L10n.format("Server error %1$s", String(status))
        case .notAnImage: return L10n.tr("Not an image")
        case .tooLarge: return L10n.tr("Too large")
        case .damaged: return L10n.tr("Damaged image")
        case .unsupportedFormat(let format): return unsupportedFormat(format)
        case .tooSlowToDraw: return L10n.tr("Too slow to draw")
        case .tooMuchToDraw: return L10n.tr("Too much to draw")
        case .outOfMemory: return L10n.tr("Out of memory")
        case .couldNotDecode: return L10n.tr("Could not decode")
        case .unreadableFile: return L10n.tr("Unreadable")
        case .badResponse: return L10n.tr("Bad response")
        case .localAddressRefused: return localAddressTitle
        case .hostPaused(let host): return hostNotAnswering(host)
        case .cancelled: return L10n.tr("Cancelled")
        }
    }

    /// "Unsupported format (JPEG XL)": the tile's words and the viewer's title alike.
    static func unsupportedFormat(_ format: ImageFormat) -> String {
        L10n.format("Unsupported format (%1$s)", format.displayName)
    }

    /// The gallery's status page: offline looks different from a file that cannot be used.
    static func iconName(forList error: LoadError) -> String {
        error == .noConnection ? "network-offline-symbolic" : "dialog-warning-symbolic"
    }

    static func title(forList error: LoadError) -> String {
        switch error {
        case .noConnection: return noConnectionTitle
        case .timedOut: return timedOutTitle
        case .hostPaused(let host): return hostNotAnswering(host)
        case .serverError: return L10n.tr("Server Error")
        case .notAnImage, .tooLarge, .damaged, .unsupportedFormat, .tooSlowToDraw, .tooMuchToDraw, .outOfMemory, .couldNotDecode,
             .unreadableFile, .badResponse, .localAddressRefused, .cancelled:
            return L10n.tr("The List Cannot Be Loaded")
        }
    }

    static func explanation(forList error: LoadError) -> String {
        switch error {
        case .noConnection:
            return L10n.tr("Check your network connection. The list will load by itself when the network is back.")
        case .timedOut, .hostPaused: return L10n.tr("The server took too long to answer. Trying again shortly.")
        case .serverError(let status): return serverAnswered(status)
        case .tooLarge: return L10n.tr("The links file is too large.")
        case .notAnImage, .damaged, .unsupportedFormat, .badResponse, .localAddressRefused:
            return L10n.tr("The server sent a response that cannot be used.")
        case .cancelled: return L10n.tr("Loading was cancelled.")
        case .unreadableFile: return L10n.tr("The links file cannot be read. It may have been moved or deleted.")
        case .couldNotDecode, .tooSlowToDraw, .tooMuchToDraw, .outOfMemory:
            return L10n.tr("The links file could not be read: its reader stopped on it.")
        }
    }
}
