import Foundation

/// A small seeded random generator (SplitMix64), so generated test files and damage are the
/// same in every run and on every machine. Shared by the tests and the benchmarks.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    public mutating func nextByte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

    public mutating func bytes(_ count: Int) -> Data { Data((0..<count).map { _ in nextByte() }) }
}
