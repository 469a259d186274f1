/// What the grid shows of the list: tiles whose line contains the text (ignoring case), of
/// one kind, one per picture when duplicates are hidden. Applied when the person changes it or
/// a new list arrives, not at each state change: a tile that is retried while "Failed" is
/// shown stays in place until then. (Copies found while thumbnails load are the exception:
/// hidden as they are found, `GalleryGrid.duplicatesFound`.)
struct TileFilter: Equatable {
    enum Kind: String, CaseIterable {
        case all, pictures, failed, notPictures
    }

    var text = "" { didSet { needle = text.lowercased() } }
    var kind = Kind.all
    /// One tile per picture: the lines whose picture an earlier line shows are left out
    /// ("Hide Duplicates", `TileList.isHiddenCopy`).
    var hidesDuplicates = false
    /// `text` as matched: lowered once, not for each of 10,000 lines at every keystroke.
    private var needle = ""

    init(text: String = "", kind: Kind = .all, hidesDuplicates: Bool = false) {
        self.text = text
        self.kind = kind
        self.hidesDuplicates = hidesDuplicates
        needle = text.lowercased()
    }

    var showsEverything: Bool { kind == .all && text.isEmpty && !hidesDuplicates }

    @MainActor func matches(_ item: GridItem) -> Bool {
        switch kind {
        case .all: break
        case .pictures: guard item.isImageLink else { return false }
        case .failed: guard case .failed = item.state else { return false }
        case .notPictures: guard item.state.isPlaceholder else { return false }
        }
        return needle.isEmpty || item.searchText.contains(needle)
    }
}
