import Foundation

/// Timing helpers shared by every figure.
enum Measure {
    /// Runs `body` `runs` times and returns the median duration in seconds.
    static func medianSeconds(runs: Int = 7, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let stopwatch = Stopwatch()
            try body()
            samples.append(stopwatch.seconds)
        }
        return median(samples)
    }

    /// Runs the async `body` `runs` times and returns the median duration in seconds.
    static func medianSeconds(runs: Int = 7, _ body: () async throws -> Void) async rethrows -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let stopwatch = Stopwatch()
            try await body()
            samples.append(stopwatch.seconds)
        }
        return median(samples)
    }

    /// Times `measured` and `baseline` in alternation, `samples` times each with `iterations`
    /// calls per sample, so that both see the same page cache and load; returns the median
    /// microseconds per call of each.
    static func alternatingMicroseconds(
        samples: Int = 15, iterations: Int, measured: () throws -> Void, baseline: () throws -> Void
    ) rethrows -> (measured: Double, baseline: Double) {
        var measuredSamples: [Double] = []
        var baselineSamples: [Double] = []
        for _ in 0..<samples {
            measuredSamples.append(try medianSeconds(runs: 1) { for _ in 0..<iterations { try measured() } })
            baselineSamples.append(try medianSeconds(runs: 1) { for _ in 0..<iterations { try baseline() } })
        }
        let perCall = 1e6 / Double(iterations)
        return (median(measuredSamples) * perCall, median(baselineSamples) * perCall)
    }

    /// The median of `values` (the mean of the middle two for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
