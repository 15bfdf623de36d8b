import Foundation
import Testing

/// The trait of every suite here: at most ``gate``'s width of suites run at once, and a suite's
/// tests, with their time limits, start only once the suite is let in. Without a test-case
/// width only (see ``width``).
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
    static let gate = AsyncGate(width: width)

    /// Twice the cores when no test-case width holds tests back, else no limit: the width
    /// (`SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH` at most 4 × cores, as TestProcessSettings
    /// and CI set it) already starts each time limit late, and a second gate made `swift test`
    /// half as slow again (165 s against 110 s). `ATTACHMENTKIT_TEST_SUITE_WIDTH` overrides both.
    static var width: Int {
        let environment = ProcessInfo.processInfo.environment
        if let width = environment["ATTACHMENTKIT_TEST_SUITE_WIDTH"].flatMap({ Int($0) }) { return width }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let caseWidth = environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"].flatMap { Int($0) }
        if let caseWidth, caseWidth > 0, caseWidth <= 4 * cores { return .max }
        return 2 * cores
    }
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
