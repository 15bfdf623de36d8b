import Foundation

/// One benchmark figure: a value measured against a baseline from the same run.
struct Figure: Sendable {
    /// The name given on the command line to run only this figure.
    let name: String
    /// Runs the measurement and returns its result.
    let measure: @Sendable () async throws -> FigureResult
}

/// Thrown by a figure that cannot be measured on this machine (a tool it compares with is
/// missing): printed as `figure  NAME  skipped  REASON`, not counted as missed.
struct FigureSkipped: Error {
    let reason: String
}

/// What a figure measured, and whether it met its target.
struct FigureResult: Sendable {
    /// The measured value (median of several runs).
    let value: Double
    /// The unit of `value` and `baseline`.
    let unit: String
    /// The baseline measured in the same run, in the same unit.
    let baseline: Double
    /// The target that `ratio` (or `value`) must meet.
    let target: Target

    /// `value / baseline`.
    var ratio: Double { baseline == 0 ? .infinity : value / baseline }

    var met: Bool { target.isMet(value: value, ratio: ratio) }

    /// The tab-separated line the design prescribes:
    /// `figure  NAME  VALUE  UNIT  BASELINE  RATIO  TARGET  met|missed`.
    func line(name: String) -> String {
        [
            "figure", name, format(value), unit, format(baseline), format(ratio), target.description,
            met ? "met" : "missed",
        ].joined(separator: "\t")
    }

    private func format(_ number: Double) -> String {
        guard number.isFinite else { return "inf" }
        if number != 0, abs(number) < 0.001 { return String(format: "%.3e", number) }
        return String(format: "%.4f", number)
    }
}

/// A target for a figure.
enum Target: Sendable, CustomStringConvertible {
    /// The ratio to the baseline must be at most this.
    case ratioAtMost(Double)
    /// The ratio to the baseline must be at least this.
    case ratioAtLeast(Double)
    /// The value itself must be at most this.
    case valueAtMost(Double)
    /// The value itself must be at least this.
    case valueAtLeast(Double)

    func isMet(value: Double, ratio: Double) -> Bool {
        switch self {
        case .ratioAtMost(let limit): ratio <= limit
        case .ratioAtLeast(let limit): ratio >= limit
        case .valueAtMost(let limit): value <= limit
        case .valueAtLeast(let limit): value >= limit
        }
    }

    var description: String {
        switch self {
        case .ratioAtMost(let limit): "ratio<=\(limit)"
        case .ratioAtLeast(let limit): "ratio>=\(limit)"
        case .valueAtMost(let limit): "value<=\(limit)"
        case .valueAtLeast(let limit): "value>=\(limit)"
        }
    }
}
