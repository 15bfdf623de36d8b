import Foundation

/// How many device pixels the screen has per view point: `UITraitCollection.displayScale` or
/// `UIScreen.scale` (2 or 3 on iPhones).
///
/// A distinct type from ``ImageScale`` so that the two can never be swapped at a call site.
/// A value that is not finite and positive is stored as 0, which puts a ``ZoomViewport`` in
/// its neutral state.
public struct ScreenScale: Sendable, Hashable, CustomStringConvertible, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    /// Device pixels per view point; 0 when the value given was not finite and positive.
    public let pixelsPerPoint: CGFloat

    /// Creates a screen scale of `pixelsPerPoint` device pixels per view point.
    public init(_ pixelsPerPoint: CGFloat) {
        self.pixelsPerPoint = ViewportMath.positiveFiniteOrZero(pixelsPerPoint)
    }

    /// Creates a screen scale from a literal such as `3`.
    public init(floatLiteral value: Double) { self.init(CGFloat(value)) }

    /// Creates a screen scale from a literal such as `2`.
    public init(integerLiteral value: Int) { self.init(CGFloat(value)) }

    /// `"screen scale 3"`.
    public var description: String { "screen scale \(ViewportMath.text(pixelsPerPoint))" }
}
