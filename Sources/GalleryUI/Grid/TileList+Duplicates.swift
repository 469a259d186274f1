import GalleryCore

/// One picture behind several lines (issue 55): the items whose thumbnails look alike
/// (`DuplicateGroups`, fed as thumbnails arrive), the first line of each picture the one kept
/// when duplicates are hidden, and the lines that lead to it.
extension TileList {
    /// For each picture, its first line and how many lines lead to it, in one pass over the
    /// list: a filter pass asks this of every line, and a list whose ten thousand dead links all
    /// show a host's one "not found" picture is one group of ten thousand (asking each line its
    /// group's members was ten thousand squared).
    struct CopyCensus {
        fileprivate var firstOfGroup: [Int: Int] = [:]
        fileprivate var linksOfGroup: [Int: Int] = [:]
        fileprivate let groups: DuplicateGroups

        /// True when an earlier line of the list shows the same picture.
        func isHiddenCopy(_ item: GridItem) -> Bool {
            guard let group = groups.groupNumber(of: item.id) else { return false }
            return firstOfGroup[group] != item.id
        }

        /// How many lines of the list lead to `item`'s picture.
        func linkCount(of item: GridItem) -> Int {
            groups.groupNumber(of: item.id).flatMap { linksOfGroup[$0] } ?? 1
        }
    }

    func copyCensus() -> CopyCensus {
        var census = CopyCensus(groups: duplicates)
        for item in all {
            guard let group = duplicates.groupNumber(of: item.id) else { continue }
            if census.firstOfGroup[group] == nil { census.firstOfGroup[group] = item.id }
            census.linksOfGroup[group, default: 0] += 1
        }
        return census
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
