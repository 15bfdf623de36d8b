/// SplitMix64 (Steele, Lea and Flood, 2014): the package's one small seeded generator, shared by
/// the tests (random schedules and cases that repeat exactly, a failure naming the seed that
/// reproduces it) and the benchmarks (files written the same way on every run). Not public API.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates the generator; the same `seed` gives the same sequence.
    package init(seed: UInt64) { self.state = seed }

    /// The next value of the sequence.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
