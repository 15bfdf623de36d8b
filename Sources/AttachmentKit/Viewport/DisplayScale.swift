import Foundation

/// How many pixels stand for one point: an image's (`UIImage.scale`: 1 for an image decoded from
/// data, 2 or 3 for `@2x` and `@3x` assets) or a screen's (`UITraitCollection.displayScale`, 2 or
/// 3 on iPhones).
///
/// ``ZoomViewport`` takes one of each, named by its argument (`imageScale:`, `screenScale:`).
/// Write it as a literal (`2`, `1.5`) or from a `CGFloat` (`DisplayScale(image.scale)`). A value
/// that is not finite and positive is stored as 0, which puts a ``ZoomViewport`` in its neutral
/// state.
public struct DisplayScale: Sendable, Hashable, CustomStringConvertible, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    /// Pixels per point; 0 when the value given was not finite and positive.
    public let pixelsPerPoint: CGFloat

    /// Creates a scale of `pixelsPerPoint` pixels per point.
    public init(_ pixelsPerPoint: CGFloat) {
        self.pixelsPerPoint = ViewportMath.positiveFiniteOrZero(pixelsPerPoint)
    }

    /// Creates a scale from a literal such as `2` or `1.5`.
    public init(floatLiteral value: Double) { self.init(CGFloat(value)) }

    /// Creates a scale from a literal such as `3`.
    public init(integerLiteral value: Int) { self.init(CGFloat(value)) }

    /// The number of pixels per point: `"2"`, `"2.5"`.
    public var description: String { ViewportMath.text(pixelsPerPoint) }
}
