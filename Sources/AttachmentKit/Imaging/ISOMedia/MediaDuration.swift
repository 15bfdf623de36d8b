/// A length of time as an ISO media file stores it: a count of ticks of a time scale, exact.
public struct MediaDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number of ticks.
    public let value: UInt64
    /// The ticks per second; never 0.
    public let timescale: UInt32

    /// A duration of `value` ticks of `timescale` per second, or `nil` when `timescale` is 0.
    public init?(value: UInt64, timescale: UInt32) {
        guard timescale > 0 else { return nil }
        self.value = value
        self.timescale = timescale
    }

    /// The duration in seconds (exact below 2^53 ticks).
    public var seconds: Double { Double(value) / Double(timescale) }

    /// The duration in whole milliseconds, rounded down, saturating at `UInt64.max` (the
    /// `duration` of a Matrix `m.video` event).
    public var milliseconds: UInt64 {
        let (high, low) = value.multipliedFullWidth(by: 1000)
        let divisor = UInt64(timescale)
        guard high < divisor else { return .max }
        return divisor.dividingFullWidth((high, low)).quotient
    }

    public static func < (lhs: MediaDuration, rhs: MediaDuration) -> Bool {
        // a/b < c/d ⇔ a·d < c·b, compared in 128 bits.
        let left = lhs.value.multipliedFullWidth(by: UInt64(rhs.timescale))
        let right = rhs.value.multipliedFullWidth(by: UInt64(lhs.timescale))
        return left.high != right.high ? left.high < right.high : left.low < right.low
    }

    /// The seconds with three decimals, such as `12.345 s`.
    public var description: String { "\(MediaDuration.threeDecimals(milliseconds)) s" }

    /// `milliseconds` as seconds with three decimals, without going through floating point.
    static func threeDecimals(_ milliseconds: UInt64) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
