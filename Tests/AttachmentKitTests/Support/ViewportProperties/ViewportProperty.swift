import AttachmentKit
import Foundation
import Testing

/// Runs a viewport property over seeded random cases.
enum ViewportProperty {
    /// What one case found.
    enum Outcome {
        /// The case did not meet the property's precondition (for example, clamping acted).
        case skipped
        /// The property held.
        case held
        /// The property failed, for the reason given.
        case failed(String)
    }

    /// Failures recorded before a run stops, so that one bug does not print 100,000 issues.
    static let failureLimit = 5

    /// Runs `property` on `cases` cases drawn from a generator seeded with `seed`, records each
    /// failure as an issue naming the case, and returns how many cases held, so that a test
    /// can check that the property was exercised and did not pass by skipping everything.
    static func check(
        seed: UInt64, cases: Int, sourceLocation: SourceLocation = #_sourceLocation,
        _ property: (inout ViewportCaseGenerator) -> Outcome
    ) -> Int {
        var random = ViewportCaseGenerator(seed: seed)
        var held = 0
        var failures = 0
        for number in 0..<cases where failures < failureLimit {
            switch property(&random) {
            case .skipped: break
            case .held: held += 1
            case .failed(let reason):
                Issue.record("seed \(seed), case \(number): \(reason)", sourceLocation: sourceLocation)
                failures += 1
            }
        }
        return held
    }

    /// The size of the view space of `viewport`, for tolerances.
    static func magnitude(of viewport: ZoomViewport) -> CGFloat {
        let scaled = viewport.scaledContentSize
        return max(scaled.width, scaled.height, viewport.boundsSize.width, viewport.boundsSize.height)
    }
}
