import Foundation
import Testing

/// The trait of every suite here: at most ``gate``'s width of suites run at once, and a suite's
/// tests, with their time limits, start only once the suite is let in.
///
/// Without a parallelization width (`SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH`) Swift
/// Testing starts every test at once, and each time limit as its test first runs: on a loaded
/// 2-core machine the tests then share the concurrency pool with hundreds of others and run out
/// of their minute (136 time-limit failures in one run at load 12). A time limit wraps the
/// test's own scoping traits, so a gate there would count against the limit; a suite's scope
/// wraps its tests, time limits included, so a suite waiting here spends none of its tests'
/// minutes. The gate holds no thread while it waits.
///
/// Swift 6.0 has no scoping traits: there the trait does nothing.
struct SuiteGate: SuiteTrait {
    /// Twice the cores, as the width CI sets for test cases.
    static let gate = AsyncGate(width: 2 * ProcessInfo.processInfo.activeProcessorCount)
}

#if compiler(>=6.1)
extension SuiteGate: TestScoping {
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite && testCase == nil ? self : nil
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Self.gate.run(function)
    }
}
#endif

extension Trait where Self == SuiteGate {
    /// Holds the suite until fewer than ``SuiteGate/gate``'s width of suites run (``SuiteGate``).
    static var inTurn: Self { SuiteGate() }
}
