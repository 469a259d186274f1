import GalleryCore

/// One picture behind several lines (issue 55): the items whose thumbnails look alike
/// (`DuplicateGroups`, fed as thumbnails arrive), the first line of each picture the one kept
/// when duplicates are hidden, and the lines that lead to it.
extension TileList {
    /// True when an earlier line of the list shows the same picture.
    func isHiddenCopy(_ item: GridItem) -> Bool {
        let group = duplicates.group(of: item.id)
        guard group.count > 1, let position = positions[item.id] else { return false }
        return group.contains { (positions[$0] ?? .max) < position }
    }

    /// How many lines of the list lead to `item`'s picture.
    func linkCount(of item: GridItem) -> Int {
        duplicates.group(of: item.id).count { positions[$0] != nil }
    }

    /// The items of the lines that lead to `item`'s picture, in list order, `item` among them.
    func links(of item: GridItem) -> [GridItem] {
        duplicates.group(of: item.id).compactMap { positions[$0] }.sorted().map { all[$0] }
    }

    /// The copy of `item`'s picture to save: the one whose original is the largest, as the
    /// thumbnails said (the first line among equals, and `item` when none said).
    func largestCopy(of item: GridItem) -> GridItem {
        links(of: item).max { ($0.sourceSize?.pixels ?? 0) < ($1.sourceSize?.pixels ?? 0) } ?? item
    }

    /// A new list: the places again, and the looks of the items it kept, grouped afresh.
    func regroup() {
        positions = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0) })
        duplicates = DuplicateGroups()
        for item in all { if let look = item.look { duplicates.add(item.id, look: look) } }
    }
}
