/// Finds, among the looks added so far, those near a new one (`LookHash.isNear`) without
/// comparing it with each: multi-index hashing (Norouzi, Punjani and Fleet). The 64 gradient
/// bits are cut into four 16-bit blocks; two looks within 10 bits of each other have some block
/// within 2 bits (were every block 3 bits or more apart, they would be 12 or more), so only the
/// entries filed under the 137 values within 2 bits of each of the four blocks are compared:
/// 548 lookups, however many looks.
public struct LookIndex: Sendable {
    private var looks: [LookHash] = []
    /// One table per block: a block's value → the looks (by number) filed under it.
    private var tables = [[UInt16: [Int32]]](repeating: [:], count: 4)

    /// Every 16-bit mask of at most two bits: 1 + 16 + 120.
    private static let nearMasks: [UInt16] = {
        var masks: [UInt16] = [0]
        for first in 0..<16 {
            masks.append(1 << first)
            for second in (first + 1)..<16 { masks.append(1 << first | 1 << second) }
        }
        return masks
    }()

    public init() {}

    public var count: Int { looks.count }

    /// Files `look` under a new number (`count` before the call), and returns the numbers of
    /// the looks filed before it that are near it, in no particular order.
    public mutating func insert(_ look: LookHash) -> (number: Int, near: [Int]) {
        var near = Set<Int>()
        for block in 0..<4 {
            let value = Self.block(block, of: look.gradients)
            for mask in Self.nearMasks {
                for number in tables[block][value ^ mask] ?? [] where looks[Int(number)].isNear(look) {
                    near.insert(Int(number))
                }
            }
        }
        let number = looks.count
        looks.append(look)
        for block in 0..<4 { tables[block][Self.block(block, of: look.gradients), default: []].append(Int32(clamping: number)) }
        return (number, Array(near))
    }

    private static func block(_ index: Int, of bits: UInt64) -> UInt16 { UInt16(truncatingIfNeeded: bits >> (16 * index)) }
}
