/// Which page the viewer shows and which neighbours it keeps around: pure logic, unit-tested.
struct PagingModel: Equatable, Sendable {
    /// Pages on each side of the current one that are loaded ahead and kept decoded.
    static let neighbourReach = 2

    let count: Int
    private(set) var index: Int

    init(count: Int, index: Int) {
        self.count = max(count, 0)
        self.index = count > 0 ? min(max(index, 0), count - 1) : 0
    }

    var hasNext: Bool { index + 1 < count }
    var hasPrevious: Bool { index > 0 }

    /// Each returns whether the page changed.
    @discardableResult mutating func next() -> Bool { go(to: index + 1) }
    @discardableResult mutating func previous() -> Bool { go(to: index - 1) }
    @discardableResult mutating func first() -> Bool { go(to: 0) }
    @discardableResult mutating func last() -> Bool { go(to: count - 1) }

    @discardableResult
    mutating func go(to newIndex: Int) -> Bool {
        guard count > 0, (0..<count).contains(newIndex), newIndex != index else { return false }
        index = newIndex
        return true
    }

    /// The pages that stay decoded: the current one and its neighbours, inside the list.
    var keptIndices: Range<Int> {
        guard count > 0 else { return 0..<0 }
        return max(0, index - Self.neighbourReach)..<min(count, index + Self.neighbourReach + 1)
    }

    func keeps(_ page: Int) -> Bool { keptIndices.contains(page) }

    /// Neighbours to load ahead, nearest first and forward before backward (people page forward
    /// more often).
    var prefetchIndices: [Int] {
        var result: [Int] = []
        for distance in 1...Self.neighbourReach {
            for candidate in [index + distance, index - distance] where candidate >= 0 && candidate < count {
                result.append(candidate)
            }
        }
        return result
    }
}
