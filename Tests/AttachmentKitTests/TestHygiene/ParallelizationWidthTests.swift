import Foundation
import Testing

/// `swift test` alone runs with a parallelization width, so that a test's time limit starts when
/// the test does: `TestProcessSettings` sets it before Swift Testing starts.
@Suite(.inTurn)
struct ParallelizationWidthTests {
    @Test("the test process has a parallelization width, set by TestProcessSettings unless given")
    func widthIsSet() throws {
        let width = try #require(ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"])
        #expect((Int(width) ?? 0) >= 1)
    }
}
