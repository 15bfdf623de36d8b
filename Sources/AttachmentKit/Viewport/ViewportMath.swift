import Foundation

/// The arithmetic the viewport types share: sanitising input, NaN-safe clamping, and the
/// UIScrollView centring rule for one axis.
enum ViewportMath {
    /// `value` when it is finite and positive, otherwise 0.
    static func positiveFiniteOrZero(_ value: CGFloat) -> CGFloat {
        isPositiveFinite(value) ? value : 0
    }

    /// `size` with each dimension that is negative, NaN or infinite set to 0.
    static func usableSize(_ size: CGSize) -> CGSize {
        CGSize(width: positiveFiniteOrZero(size.width), height: positiveFiniteOrZero(size.height))
    }

    /// Whether `value` is finite and positive.
    /// (Two float comparisons, false for NaN, rather than `isFinite`, which moves the value to
    /// an integer register and sits on the critical path after each division.)
    @inline(__always)
    static func isPositiveFinite(_ value: CGFloat) -> Bool {
        value > 0 && value < .infinity
    }

    /// `value` clamped into `lower...upper`; NaN gives `lower`. Expects `lower <= upper`.
    static func clamp(_ value: CGFloat, _ lower: CGFloat, _ upper: CGFloat) -> CGFloat {
        if value.isNaN || value < lower { return lower }
        return value > upper ? upper : value
    }

    /// `value` with infinities brought to the largest finite magnitude and NaN to 0.
    static func finite(_ value: CGFloat) -> CGFloat {
        if value.isNaN { return 0 }
        return clamp(value, -.greatestFiniteMagnitude, .greatestFiniteMagnitude)
    }

    /// The centring inset on one axis: half the space the scaled content leaves, or 0 when
    /// it fills the bounds.
    static func inset(scaled: CGFloat, bounds: CGFloat) -> CGFloat {
        scaled < bounds ? (bounds - scaled) / 2 : 0
    }

    /// The valid content offsets on one axis: exactly `-inset` while the content is smaller
    /// than the bounds, otherwise `0...(scaled - bounds)`.
    static func offsetRange(scaled: CGFloat, bounds: CGFloat) -> (lower: CGFloat, upper: CGFloat) {
        if scaled < bounds {
            let inset = (bounds - scaled) / 2
            return (-inset, -inset)
        }
        return (0, scaled - bounds)
    }

    /// A number as the command line and descriptions show it: integers without a fraction.
    /// (`Int64`, not `Int`, which is 32 bits on watchOS and would trap from 2^31.)
    static func text(_ value: CGFloat) -> String {
        let number = Double(value)
        if abs(number) < 1e15, let integer = Int64(exactly: number) { return String(integer) }
        return String(number)
    }
}
