import Foundation

/// How many pixels an image has per image point: `UIImage.scale` (1 for an image decoded from
/// data, 2 or 3 for `@2x` and `@3x` assets).
///
/// A distinct type from ``ScreenScale`` so that the two can never be swapped at a call site.
/// A value that is not finite and positive is stored as 0, which puts a ``ZoomViewport`` in
/// its neutral state.
public struct ImageScale: Sendable, Hashable, CustomStringConvertible, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    /// Image pixels per image point; 0 when the value given was not finite and positive.
    public let pixelsPerPoint: CGFloat

    /// Creates an image scale of `pixelsPerPoint` pixels per image point.
    public init(_ pixelsPerPoint: CGFloat) {
        self.pixelsPerPoint = ViewportMath.positiveFiniteOrZero(pixelsPerPoint)
    }

    /// Creates an image scale from a literal such as `2` or `1.5`.
    public init(floatLiteral value: Double) { self.init(CGFloat(value)) }

    /// Creates an image scale from a literal such as `1`.
    public init(integerLiteral value: Int) { self.init(CGFloat(value)) }

    /// One pixel per point: images decoded from data.
    public static let one = ImageScale(1)

    /// `"image scale 2"`.
    public var description: String { "image scale \(ViewportMath.text(pixelsPerPoint))" }
}
