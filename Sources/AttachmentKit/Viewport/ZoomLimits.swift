import Foundation

/// The zoom limits for a viewport's inputs, or the neutral limits when an input is unusable.
struct ZoomLimits {
    /// The image size in points, or zero when it cannot be computed.
    let imageSize: CGSize
    /// The smallest zoom; 1 when neutral.
    let minimum: CGFloat
    /// The largest zoom; 1 when neutral.
    let maximum: CGFloat
    /// Whether an input, or a value derived from them, is unusable.
    let isNeutral: Bool

    @inline(__always)
    init(
        boundsSize: CGSize, pixelSize: PixelSize, imageScale: DisplayScale, screenScale: DisplayScale,
        policy: ZoomViewport.Policy
    ) {
        let points = CGSize(
            width: pixelSize.width / imageScale.pixelsPerPoint, height: pixelSize.height / imageScale.pixelsPerPoint)
        let hasImage = ViewportMath.isPositiveFinite(points.width) && ViewportMath.isPositiveFinite(points.height)
        imageSize = hasImage ? points : .zero
        let nativeScale = imageScale.pixelsPerPoint / screenScale.pixelsPerPoint
        guard hasImage, boundsSize.width > 0, boundsSize.height > 0, ViewportMath.isPositiveFinite(nativeScale),
            let limits = policy.limits(imageSize: points, boundsSize: boundsSize, nativeScale: nativeScale),
            Self.keepsGeometryFinite(limits, imageSize: points, boundsSize: boundsSize)
        else {
            (minimum, maximum, isNeutral) = (1, 1, true)
            return
        }
        (minimum, maximum, isNeutral) = (limits.minimum, limits.maximum, false)
    }

    /// Whether every output stays finite and non-zero between the limits: the scaled content
    /// at the maximum and the visible rect at the minimum.
    @inline(__always)
    private static func keepsGeometryFinite(
        _ limits: (minimum: CGFloat, maximum: CGFloat), imageSize: CGSize, boundsSize: CGSize
    ) -> Bool {
        let finite = ViewportMath.isPositiveFinite
        return finite(limits.minimum) && finite(limits.maximum)
            && finite(imageSize.width * limits.maximum) && finite(imageSize.height * limits.maximum)
            && finite(imageSize.width * limits.minimum) && finite(imageSize.height * limits.minimum)
            // The visible rect at the minimum, bounds ÷ minimum, stays below `largestVisibleExtent`
            // (a multiplication instead of two divisions, which dominate the cost of a relayout).
            && boundsSize.width <= limits.minimum * largestVisibleExtent
            && boundsSize.height <= limits.minimum * largestVisibleExtent
    }

    /// The largest visible extent, in image points, that the geometry accepts: 2^1000 where
    /// `CGFloat` is `Double`, 2^104 where it is `Float` (watchOS on arm64_32, where a literal
    /// `0x1p1000` would overflow to infinity). Either way 2^23 below the largest finite value,
    /// so that the offsets and conversions computed from it stay finite.
    static let largestVisibleExtent = CGFloat(
        sign: .plus, exponent: CGFloat.greatestFiniteMagnitude.exponent - 23, significand: 1)
}
