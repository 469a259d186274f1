import GalleryCore

/// The grid's model: an item for every entry of the list, in order, the ones the filter
/// shows, and their counts.
///
/// A new list reuses the items of lines that are still there (moved or not), so their
/// thumbnails and loads stay. Every item's state change arrives here first, to be counted,
/// and then goes to `onChange` (the grid) when the item is shown: the one path from a state to
/// what shows it.
@MainActor
final class TileList {
    /// Every entry of the list, shown or not.
    private(set) var all: [GridItem] = []
    /// The entries the filter shows, in list order; `GridItem.index` is the place in here.
    private(set) var items: [GridItem] = []
    private(set) var filter = TileFilter()
    /// Counted as states change, not by walking every item: huge files change thousands of
    /// states while loading.
    private(set) var counts = TileCounts()
    /// A current item changed state (given the state before).
    var onChange: (@MainActor (GridItem, TileState) -> Void)?
    /// The pictures found behind several lines, by item id (`TileList+Duplicates`).
    var duplicates = DuplicateGroups()
    /// Each item's place in `all`, by id: the first line of a picture is the one kept.
    var positions: [Int: Int] = [:]
    /// A look joined another: the grid hides the copy, when duplicates are hidden.
    var onDuplicatesFound: (@MainActor () -> Void)?

    /// Shows `entries`, through the filter; returns the items of lines that left the list.
    func replace(with entries: [LinkEntry]) -> [GridItem] {
        var reusable: [String: [GridItem]] = [:]
        for item in all { reusable[item.entry.text, default: []].append(item) }
        all = entries.enumerated().map { index, entry in
            if var candidates = reusable[entry.text], !candidates.isEmpty {
                let item = candidates.removeFirst()
                reusable[entry.text] = candidates
                item.move(to: entry, index: index)
                return item
            }
            let item = GridItem(entry: entry, index: index)
            item.onChange = { [weak self] item, oldState in self?.itemChanged(item, from: oldState) }
            return item
        }
        counts = TileCounts(total: all.count)
        for item in all { counts.count(item.state, 1) }
        regroup()
        let leftovers = Array(reusable.values.joined())
        for item in leftovers {
            item.onChange = nil
            item.index = GridItem.hidden
        }
        applyFilter()
        return leftovers
    }

    /// Shows only what `filter` lets through; false when that is what was shown already (a
    /// letter more that matches the same tiles), so the grid has nothing to redo.
    @discardableResult
    func show(_ filter: TileFilter) -> Bool {
        self.filter = filter
        let before = items
        applyFilter()
        return before.count != items.count || zip(before, items).contains { $0 !== $1 }
    }

    /// Shows again what the filter lets through, now that more copies are known; false when
    /// nothing changed.
    func reapplyFilter() -> Bool { show(filter) }

    private func applyFilter() {
        let copies = filter.hidesDuplicates ? copyCensus() : nil
        items = filter.showsEverything ? all : all.filter { filter.matches($0) && !(copies?.isHiddenCopy($0) ?? false) }
        if !filter.showsEverything { for item in all { item.index = GridItem.hidden } }
        for (index, item) in items.enumerated() {
            item.index = index
            item.linkCount = copies?.linkCount(of: item) ?? 1
        }
    }

    /// Image links never tried yet: the "Failed" filter cannot know whether they fail. Counted
    /// when asked (the subtitle, once per main-loop turn), not at every state change.
    var untriedCount: Int { all.reduce(0) { $0 + ($1.wasTried ? 0 : 1) } }

    /// True while `item` is shown (a line that left, or is filtered out, may still finish something).
    func contains(_ item: GridItem) -> Bool { items[safe: item.index] === item }

    private func itemChanged(_ item: GridItem, from oldState: TileState) {
        guard item.onChange != nil else { return } // left the list
        counts.count(oldState, -1)
        counts.count(item.state, 1)
        if let look = item.look, duplicates.add(item.id, look: look) { onDuplicatesFound?() }
        onChange?(item, oldState)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
