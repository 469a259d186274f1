/// Finds, among the looks added so far, those near a new one (`LookHash.isNear`) without
/// comparing it with each: multi-index hashing (Norouzi, Punjani and Fleet). The 64 gradient
/// bits across are cut into four 16-bit blocks; two looks within 11 bits (`LookHash.nearBits`)
/// have some block within 2 bits (were every block 3 bits or more apart, they would be 12 or
/// more), so only the entries filed under the 137 values within 2 bits of each of the four
/// blocks are compared: 548 lookups, however many looks. The tables are flat arrays (a head per
/// block value, 1 MiB once the first look is filed, and a link per look and block), so a
/// lookup is an index, not a hash.
public struct LookIndex: Sendable {
    private var looks: [LookHash] = []
    /// Each look without its shades, to compare many without touching their arrays.
    private var coarse: [LookHash] = []
    /// The insert that last compared each look: one compare however many blocks file it.
    private var lastCompared: [Int] = []
    /// Per block and block value (`block << 16 | value`), the last look filed there, or −1.
    private var heads: [Int32] = []
    /// Per look and block (`number * 4 + block`), the look filed there before it, or −1.
    private var links: [Int32] = []

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

    /// The look filed as `number`.
    public func look(_ number: Int) -> LookHash { looks[number] }
    /// Looks compared with a new one (each once an insert), over every insert: how far from all
    /// pairs the index keeps.
    public private(set) var comparisons = 0

    /// Files `look` under a new number (`count` before the call), and returns the numbers of
    /// the looks filed before it that are near it, in no particular order, each once.
    public mutating func insert(_ look: LookHash) -> (number: Int, near: [Int]) {
        var near: [Int] = []
        let number = looks.count, bare = LookHash(gradients: look.gradients, verticalGradients: look.verticalGradients,
                                                  red: look.red, green: look.green, blue: look.blue)
        if heads.isEmpty { heads = [Int32](repeating: -1, count: 4 << 16) }
        for block in 0..<4 {
            let value = Self.block(block, of: look.gradients)
            for mask in Self.nearMasks {
                var filed = heads[block << 16 | Int(value ^ mask)]
                while filed >= 0 {
                    let other = Int(filed)
                    filed = links[other * 4 + block]
                    guard lastCompared[other] != number else { continue }
                    lastCompared[other] = number
                    comparisons += 1
                    if LookHash.coarselyNear(coarse[other], bare), looks[other].isNear(look) { near.append(other) }
                }
            }
        }
        looks.append(look)
        coarse.append(bare)
        lastCompared.append(number)
        for block in 0..<4 {
            let head = block << 16 | Int(Self.block(block, of: look.gradients))
            links.append(heads[head])
            heads[head] = Int32(clamping: number)
        }
        return (number, near)
    }

    private static func block(_ index: Int, of bits: UInt64) -> UInt16 { UInt16(truncatingIfNeeded: bits >> (16 * index)) }
}
