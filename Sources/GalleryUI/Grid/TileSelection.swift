/// Which tiles a person picked in selection mode, by item id (an item keeps its id when a new
/// list moves it), and where a Shift range starts. Pure, so ranges, filters and lists that
/// change while tiles are selected are tested without GTK.
struct TileSelection: Equatable {
    private(set) var ids: Set<Int> = []
    /// The tile last toggled: a Shift+click selects from here.
    private(set) var anchor: Int?

    var count: Int { ids.count }
    var isEmpty: Bool { ids.isEmpty }

    func contains(_ id: Int) -> Bool { ids.contains(id) }

    /// Selects or unselects one tile, which becomes the anchor.
    mutating func toggle(_ id: Int) {
        if ids.remove(id) == nil { ids.insert(id) }
        anchor = id
    }

    mutating func select(_ id: Int) {
        ids.insert(id)
        anchor = id
    }

    /// Adds every tile from the anchor to `id` in the order shown (`order`, the ids of the
    /// tiles shown); without an anchor still shown, just `id`. The anchor stays, so a second
    /// Shift+click measures from the same place.
    mutating func extend(to id: Int, in order: [Int]) {
        guard let anchor, let from = order.firstIndex(of: anchor), let to = order.firstIndex(of: id) else {
            return select(id)
        }
        ids.formUnion(order[min(from, to)...max(from, to)])
    }

    mutating func selectAll(_ order: [Int]) {
        ids = Set(order)
    }

    mutating func clear() {
        ids = []
        anchor = nil
    }

    /// Keeps only tiles still shown: a filter or a new list took the others away, and acting on
    /// pictures a person cannot see would surprise them.
    mutating func keepOnly(_ shown: Set<Int>) {
        ids.formIntersection(shown)
        if let anchor, !shown.contains(anchor) { self.anchor = nil }
    }
}
