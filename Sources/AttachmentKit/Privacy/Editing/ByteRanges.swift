/// Arithmetic on sets of byte ranges, for the parts of a removed value that no kept structure
/// shares.
enum ByteRanges {
    /// `ranges` sorted, with overlapping and adjacent ones merged.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The bytes of `ranges` that are in none of `excluded`, as sorted, disjoint ranges.
    static func subtracting(_ excluded: [Range<Int>], from ranges: [Range<Int>]) -> [Range<Int>] {
        let cuts = merged(excluded)
        var result: [Range<Int>] = []
        for range in merged(ranges) {
            var start = range.lowerBound
            for cut in cuts where cut.upperBound > start && cut.lowerBound < range.upperBound {
                if cut.lowerBound > start { result.append(start..<cut.lowerBound) }
                start = max(start, cut.upperBound)
            }
            if start < range.upperBound { result.append(start..<range.upperBound) }
        }
        return result
    }
}
