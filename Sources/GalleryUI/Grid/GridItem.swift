import Foundation
import GalleryCore

/// One entry of the grid as plain state: what the entry is, whether its thumbnail is loading,
/// shown or failed, and the texture while it is kept. No I/O: `ThumbnailLoadPlanner` changes
/// the state, `TileList` hears of every change and passes it on.
///
/// Every entry has an item; only entries near the viewport also have a `TileView` bound to them,
/// so a 10,000-line file costs 10,000 small objects and a few hundred widgets.
@MainActor
final class GridItem {
    private static var nextID = 0

    /// Stays with the item when it moves: what retries and loads are keyed by.
    let id: Int
    /// The line; a new list may move it (another line number), never change its text.
    private(set) var entry: LinkEntry
    /// Position among the tiles shown, set by the list whenever it changes; `GridItem.hidden`
    /// while a filter leaves it out.
    var index: Int
    static let hidden = -1
    /// The line lowered for the filter, made the first time a filter with text asks.
    private(set) lazy var searchText = entry.text.lowercased()
    private(set) var state: TileState
    /// Loaded, failed or found not to be an image at least once: a tile far away goes back to
    /// `.idle` but was tried. What "Failed" can know about.
    private(set) var wasTried: Bool
    /// The thumbnail, held while `state` is `.loaded`.
    private(set) var image: ThumbnailImage?
    /// How the picture looks (`LookHash`), kept once a thumbnail brought it, after the
    /// thumbnail itself is let go: what finds the same picture behind other lines.
    private(set) var look: LookHash?
    /// The original's size, as the thumbnail said, kept like `look`: the largest copy is saved.
    private(set) var sourceSize: PixelSize?
    /// How many lines lead to this picture while duplicates are hidden and this tile stands
    /// for them (`TileList`); 1 otherwise.
    var linkCount = 1
    /// The one listener of state changes (the `TileList`), with the state before the change.
    var onChange: (@MainActor (GridItem, TileState) -> Void)?

    init(entry: LinkEntry, index: Int) {
        Self.nextID += 1
        id = Self.nextID
        self.entry = entry
        self.index = index
        switch entry.classification {
        case .invalid: state = .invalid
        case .link(_, guess: .notImage): state = .notImage
        case .link: state = .idle
        }
        wasTried = state.isSettled
    }

    /// The same line at another place in a new list: the thumbnail and its load stay.
    func move(to entry: LinkEntry, index: Int) {
        precondition(entry.text == self.entry.text, "an item keeps its line's text")
        self.entry = entry
        self.index = index
    }

    var url: URL? { entry.classification.url }

    var isImageLink: Bool { !state.isPlaceholder }

    /// True for a "Not an image" that came from the server's answer, not from the link itself
    /// (`.html`): that answer may have been a login or error page and is worth asking again.
    var hasProbedVerdict: Bool {
        guard state == .notImage, case .link(_, let guess) = entry.classification else { return false }
        return guess != .notImage
    }

    /// Sets the state (and the thumbnail, kept only while loaded) and tells the listener.
    func update(_ newState: TileState, image newImage: ThumbnailImage? = nil) {
        guard newState != state else { return }
        let oldState = state
        state = newState
        if newState.isSettled { wasTried = true }
        image = newState == .loaded ? newImage : nil
        if let newImage {
            look = newImage.look ?? look
            sourceSize = newImage.sourceSize
        }
        onChange?(self, oldState)
    }

    // MARK: Words

    /// The full line, and why it failed. The grid shows it on demand (`query-tooltip`): setting a
    /// tooltip on each tile costs an X round trip per call, seconds for a 10,000-line file.
    var tooltipText: String {
        // The host that is fetched, as DNS sees it: the line may only look like another one.
        let line = entry.fetchedHost.map { entry.text + "\n" + L10n.format("Server: %1$s", $0) } ?? entry.text
        if case .failed(let error) = state { return "\(ErrorMessages.explanation(for: error))\n\(line)" }
        return line
    }

    /// What a screen reader says; image tiles always include the URL, placeholders the line.
    var accessibleName: String {
        switch state {
        case .idle, .loading: return L10n.format("Image %1$s (loading)", entry.text)
        case .loaded where linkCount > 1: return L10n.format("Image %1$s, %2$s links", entry.text, String(linkCount))
        case .loaded: return L10n.format("Image %1$s", entry.text)
        case .failed(let error): return L10n.format("Image %1$s (%2$s)", entry.text, ErrorMessages.short(error))
        case .notImage: return L10n.format("Not an image: line %1$s, %2$s", String(entry.lineNumber), entry.text)
        case .invalid: return L10n.format("Invalid entry: line %1$s, %2$s", String(entry.lineNumber), entry.text)
        }
    }
}
