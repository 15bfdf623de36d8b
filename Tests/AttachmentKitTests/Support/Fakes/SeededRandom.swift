@testable import AttachmentKit

/// The tests' seeded generator: the package's ``SplitMix64``, shared with the benchmarks, so that
/// random schedules and cases repeat exactly and a failure names the seed that reproduces it.
typealias SeededRandom = SplitMix64
