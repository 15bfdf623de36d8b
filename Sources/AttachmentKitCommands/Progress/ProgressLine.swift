import Foundation

/// The text of a download's progress, as pure functions of the bytes so far, the total and the
/// time elapsed, so that what the CLI prints can be tested without a terminal or a clock.
enum ProgressLine {
    /// The width of the bar, in characters.
    static let barWidth = 30

    /// The terminal bar: `label [#####.....]  50 % 5.0 MiB / 10.0 MiB  1.0 MiB/s  ETA 0:05`.
    ///
    /// - Parameters:
    ///   - bytes: The bytes written so far, including any resumed from.
    ///   - total: The whole length, when known (no bar, percentage or time left without it).
    ///   - elapsed: Seconds since this run started receiving.
    ///   - startBytes: The bytes already there when this run started (a resume): the rate counts
    ///     only what this run received.
    static func bar(label: String, bytes: Int64, total: Int64?, elapsed: Double, startBytes: Int64 = 0) -> String {
        let rate = Double(max(bytes - startBytes, 0)) / max(elapsed, 0.001)
        var text = "\(label) "
        if let fraction = fraction(bytes, of: total) {
            let filled = Int(fraction * Double(barWidth))
            text +=
                "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "] "
            text += String(format: "%3d %% ", Int(fraction * 100))
        }
        text += Self.bytes(bytes)
        if let total { text += " / " + Self.bytes(total) }
        text += "  " + Self.bytes(Int64(rate)) + "/s"
        if let total, rate > 0 {
            let remaining = Int((Double(max(total - bytes, 0)) / rate).rounded(.up))
            text += String(format: "  ETA %d:%02d", remaining / 60, remaining % 60)
        }
        return text + "   "
    }

    /// The line printed when output is not a terminal, once per tenth: the tenth `bytes` of
    /// `total` reached and its line, or `nil` when it is not past `lastTenth` (or the total is
    /// unknown).
    static func tenth(label: String, bytes: Int64, total: Int64?, after lastTenth: Int) -> (tenth: Int, line: String)? {
        guard let fraction = fraction(bytes, of: total) else { return nil }
        let tenth = Int(fraction * 10)
        guard tenth > lastTenth else { return nil }
        return (tenth, "\(label): \(tenth * 10) % (\(Self.bytes(bytes)) of \(Self.bytes(total ?? 0)))\n")
    }

    /// `bytes / total` between 0 and 1; `nil` without a positive total.
    static func fraction(_ bytes: Int64, of total: Int64?) -> Double? {
        guard let total, total > 0 else { return nil }
        return min(max(Double(bytes) / Double(total), 0), 1)
    }

    /// A byte count in B, KiB, MiB or GiB.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f", value) + " " + units[unit]
    }
}
