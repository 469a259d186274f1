/// The typed name of a GAction: one enum per scope, so menus, buttons, tests and the shortcut
/// tables say `.refresh`, never the string "win.refresh".
protocol ActionName: RawRepresentable<String>, CaseIterable, Sendable {
    /// The action group's prefix: "app" for the application, "win" for a window, "grid"…
    static var prefix: String { get }
}

extension ActionName {
    /// The name menus and buttons refer to ("win.refresh").
    var detailedName: String { "\(Self.prefix).\(rawValue)" }
}

/// Actions of the whole application (`GalleryApplication.actions`).
enum AppAction: String, ActionName {
    static let prefix = "app"
    case quit, shortcuts, about, style
}

/// Actions of the main window (`GalleryWindow.actions`).
enum GalleryAction: String, ActionName {
    static let prefix = "win"
    case refresh, close
    case openTile = "open-tile", openTileInBrowser = "open-tile-in-browser", copyTileLink = "copy-tile-link"
    case openTileWith = "open-tile-with", tileFailureDetails = "tile-failure-details"
    case slideshowFromTile = "slideshow-from-tile"
    case open, openAddress = "open-address", paste
    case openRecent = "open-recent", forgetRecentLists = "forget-recent-lists"
    case find, findFailed = "find-failed", largerThumbnails = "larger-thumbnails", smallerThumbnails = "smaller-thumbnails"
    case hideDuplicates = "hide-duplicates"
    /// A line that leads to a tile's picture (the tile's menu lists them), by its item's id.
    case openCopyInBrowser = "open-copy-in-browser", copyCopyLink = "copy-copy-link"
    case select, selectAll = "select-all", leaveSelection = "leave-selection"
    case saveSelection = "save-selection", copySelectionLinks = "copy-selection-links"
    case openSelectionInBrowser = "open-selection-in-browser", slideshowSelection = "slideshow-selection"
    case retrySelection = "retry-selection", cancelSaving = "cancel-saving"
}

/// The grid's keys beyond the FlowBox's own (`GalleryGrid.actions`), active on a focused tile.
enum GridAction: String, ActionName {
    static let prefix = "grid"
    case first, last, pageUp = "page-up", pageDown = "page-down", menu
}

/// Actions of a viewer window (`ViewerWindow.actions`).
enum ViewerAction: String, ActionName {
    static let prefix = "win"
    case previous, next, first, last
    case zoomIn = "zoom-in", zoomOut = "zoom-out", zoomBestFit = "zoom-best-fit", zoomOriginal = "zoom-original"
    case zoomHalf = "zoom-half", zoomDouble = "zoom-double", zoomQuadruple = "zoom-quadruple", keepZoom = "keep-zoom"
    case fullscreen, leaveFullscreen = "leave-fullscreen"
    case retry, failureDetails = "failure-details", openInBrowser = "open-in-browser", copyLink = "copy-link", copyImage = "copy-image"
    case saveAs = "save-as", openWith = "open-with", dismissBanner = "dismiss-banner", close
    case slideshow, slideshowPause = "slideshow-pause", slideshowStop = "slideshow-stop"
    case properties, filmstrip
    case rotateRight = "rotate-right", rotateLeft = "rotate-left", flip, setBackground = "set-background", print, crop
}
