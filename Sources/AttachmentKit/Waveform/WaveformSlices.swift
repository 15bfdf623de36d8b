/// The one rule every waveform is computed with: `length` values split into `count`
/// contiguous slices, slice `i` being `⌊i·length/count⌋ ..< ⌊(i+1)·length/count⌋`, each
/// reduced to its root mean square (0 for an empty slice, when there are fewer values than
/// slices).
enum WaveformSlices {
    /// The bounds of slice `index` of `count` over `length` values.
    static func bounds(_ index: Int, of count: Int, length: Int) -> Range<Int> {
        // Computed in 64 bits; each bound is at most `length`, so it fits back in `Int`.
        let lower = Int(truncatingIfNeeded: Int64(index) * Int64(length) / Int64(count))
        let upper = Int(truncatingIfNeeded: Int64(index + 1) * Int64(length) / Int64(count))
        return lower..<upper
    }

    /// The root mean square of each of `count` slices of `values`.
    static func rootMeanSquares(of values: [Double], count: Int) -> [Double] {
        rootMeanSquares(length: values.count, count: count) { values[$0] }
    }

    /// The root mean square of each of `count` slices of `length` values, the value at an
    /// index given by `value`.
    static func rootMeanSquares(length: Int, count: Int, value: (Int) -> Double) -> [Double] {
        guard count > 0 else { return [] }
        return (0..<count).map { index in
            let slice = bounds(index, of: count, length: length)
            guard !slice.isEmpty else { return 0 }
            var sum = 0.0
            for position in slice {
                let sample = value(position)
                sum += sample * sample
            }
            return (sum / Double(slice.count)).squareRoot()
        }
    }
}
