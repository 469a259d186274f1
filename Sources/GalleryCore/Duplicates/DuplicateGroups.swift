/// Which pictures are one picture: each added look joins the group of every look near it
/// (`LookIndex`), so copies of copies are one group too. Keyed by the caller's numbers (the
/// grid's item ids); a key's group is found in constant time, groups merged smaller into larger.
public struct DuplicateGroups: Sendable {
    private var index = LookIndex()
    /// The key of each look, by its number here.
    private var keys: [Int] = []
    private var numberOfKey: [Int: Int] = [:]
    /// Each number's group, and each group's numbers.
    private var groupOfNumber: [Int] = []
    private var members: [Int: [Int]] = [:]
    /// The number here of each look filed in `index`, by its number there.
    private var numberOfFiled: [Int] = []
    /// A filed look's number in `index`, by the look's hash value (checked, not trusted).
    private var filedOfHash: [Int: Int] = [:]

    public init() {}

    /// Adds the look of `key` (a key added before keeps its first look); returns true when
    /// that put `key` in a group with others.
    ///
    /// A look that is exactly one filed before (the same bytes behind another link: a host that
    /// answers every dead link with its one "not found" picture) joins that look's group and is
    /// not filed again: comparing it with every look like it made ten thousand such links cost
    /// ten thousand squared comparisons, on the main thread.
    @discardableResult
    public mutating func add(_ key: Int, look: LookHash) -> Bool {
        guard numberOfKey[key] == nil else { return false }
        let number = keys.count
        keys.append(key)
        numberOfKey[key] = number
        groupOfNumber.append(number)
        members[number] = [number]
        if let filed = filedOfHash[look.hashValue], index.look(filed) == look {
            join(groupOfNumber[numberOfFiled[filed]], number)
            return true
        }
        let (filed, near) = index.insert(look)
        numberOfFiled.append(number)
        filedOfHash[look.hashValue] = filed
        for other in near { join(groupOfNumber[numberOfFiled[other]], groupOfNumber[number]) }
        return !near.isEmpty
    }

    /// The keys of `key`'s group, `key` among them; just `key` when it is alone or unknown.
    public func group(of key: Int) -> [Int] {
        guard let number = numberOfKey[key], let numbers = members[groupOfNumber[number]] else { return [key] }
        return numbers.map { keys[$0] }
    }

    /// A number naming `key`'s group (the same for every key of it), nil for a key never added.
    public func groupNumber(of key: Int) -> Int? {
        numberOfKey[key].map { groupOfNumber[$0] }
    }

    /// Keys that were added.
    public var count: Int { keys.count }

    /// Looks compared so far (`LookIndex.comparisons`).
    public var comparisons: Int { index.comparisons }

    private mutating func join(_ first: Int, _ second: Int) {
        guard first != second, let firstMembers = members[first], let secondMembers = members[second] else { return }
        let (kept, merged) = firstMembers.count >= secondMembers.count ? (first, second) : (second, first)
        let moving = members.removeValue(forKey: merged) ?? []
        for number in moving { groupOfNumber[number] = kept }
        members[kept, default: []].append(contentsOf: moving)
    }
}
