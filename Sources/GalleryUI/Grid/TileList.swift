import GalleryCore

/// The grid's model: an item for every entry of the list, in order, and their counts.
///
/// A new list reuses the items of lines that are still there (moved or not), so their
/// thumbnails and loads stay. Every item's state change arrives here first, to be counted,
/// and then goes to `onChange` (the grid), the one path from a state to what shows it.
@MainActor
final class TileList {
    private(set) var items: [GridItem] = []
    /// Counted as states change, not by walking every item: huge files change thousands of
    /// states while loading.
    private(set) var counts = TileCounts()
    /// A current item changed state (given the state before).
    var onChange: (@MainActor (GridItem, TileState) -> Void)?

    /// Shows `entries`; returns the items of lines that left the list.
    func replace(with entries: [LinkEntry]) -> [GridItem] {
        var reusable: [String: [GridItem]] = [:]
        for item in items { reusable[item.entry.text, default: []].append(item) }
        items = entries.enumerated().map { index, entry in
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
        counts = TileCounts(total: items.count)
        for item in items { counts.count(item.state, 1) }
        let leftovers = Array(reusable.values.joined())
        for item in leftovers { item.onChange = nil }
        return leftovers
    }

    /// True while `item` is in the list (a line that left may still finish something).
    func contains(_ item: GridItem) -> Bool { items[safe: item.index] === item }

    private func itemChanged(_ item: GridItem, from oldState: TileState) {
        guard contains(item) else { return }
        counts.count(oldState, -1)
        counts.count(item.state, 1)
        onChange?(item, oldState)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
