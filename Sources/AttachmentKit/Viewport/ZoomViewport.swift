import Foundation

/// The complete zoom and pan geometry of an image scroll view: set a `UIScrollView` (or any
/// pan-and-zoom view) from it and never write this math again.
///
/// A viewport takes the bounds size (points, after safe-area insets), the image's pixel size,
/// its image scale and the screen scale, and a ``ZoomViewport/Policy``. It gives the zoom limits, the
/// current zoom, the scaled content size, the centring content inset, the content offset and
/// its valid range, the visible rect in image coordinates, and conversions between view and
/// image points. Zoom 1 means one image point per view point, as in `UIScrollView`.
///
/// ```swift
/// var viewport = ZoomViewport(
///     boundsSize: CGSize(width: 375, height: 667), pixelSize: PixelSize(width: 3000, height: 4000), screenScale: 2)
/// viewport.minimumZoomScale   // 0.125
/// viewport.maximumZoomScale   // 0.5: one image pixel per device pixel
/// viewport.contentInset.top   // 83.5: the picture is centred
/// viewport.doubleTap(at: CGPoint(x: 100, y: 200))   // .zoomedIn, to 0.5
/// ```
///
/// It is a value that allocates nothing: a view keeps one in a `var` and applies it after each
/// `mutating` operation. *View points* are in the visible area, (0, 0) at its top-left corner; *image points* are in
/// the image at zoom 1 (`UIImage.size` units). ``zoomScale`` and ``contentOffset`` always stay
/// within their limits, and no output is NaN or infinite: with an unusable input (a zero bounds
/// size before the first layout, a NaN scale) the viewport is neutral (``isNeutral``) until
/// every input is usable again. <doc:Zooming#Coordinates-and-bad-input> gives the details.
public struct ZoomViewport: Sendable, Equatable {
    /// The size of the visible area in points, after safe-area insets; zero when the size
    /// given had a negative, NaN or infinite dimension.
    public internal(set) var boundsSize: CGSize
    /// The image's pixel size, as displayed (orientation applied).
    public internal(set) var pixelSize: PixelSize
    /// Image pixels per image point.
    public internal(set) var imageScale: DisplayScale
    /// Device pixels per view point.
    public internal(set) var screenScale: DisplayScale
    /// How the zoom limits and the initial zoom are chosen.
    public internal(set) var policy: ZoomViewport.Policy

    /// The image's size in image points (pixel size ÷ image scale): `UIImage.size`, the
    /// zoomed image view's bounds size. Zero when the pixel size or image scale is unusable.
    public internal(set) var imageSize: CGSize = .zero
    /// The smallest zoom allowed; 1 when neutral.
    public internal(set) var minimumZoomScale: CGFloat = 1
    /// The largest zoom allowed, never below ``minimumZoomScale``; 1 when neutral.
    public internal(set) var maximumZoomScale: CGFloat = 1
    /// Whether an input is unusable, so that the viewport shows zoom 1, no inset and offset
    /// zero, and ignores operations until every input is usable.
    public internal(set) var isNeutral = true
    /// The current zoom, always within the limits; 1 when neutral.
    public internal(set) var zoomScale: CGFloat = 1
    /// The current content offset (`UIScrollView.contentOffset`), always within its valid
    /// range; zero when neutral.
    public internal(set) var contentOffset: CGPoint = .zero

    /// The relative tolerance for comparing zoom scales: a zoom within 1 % of the minimum
    /// counts as at the minimum, and limits within 1 % of each other as equal. Exact float
    /// comparison is why double tap so often does nothing in viewers.
    package static let zoomTolerance: CGFloat = 0.01

    /// Creates the viewport for an image shown in a view, at the policy's initial zoom and
    /// position: the minimum, centred, for aspect fit and fill; zoom 1 (clamped) at the
    /// top-left for fixed limits.
    ///
    /// - Parameters:
    ///   - boundsSize: The visible area in points, after safe-area insets. Zero before the
    ///     first layout is fine: the viewport is neutral until a real size arrives.
    ///   - pixelSize: The image's size in pixels, orientation applied.
    ///   - imageScale: Image pixels per image point (`UIImage.scale`); 1 for decoded data.
    ///   - screenScale: Device pixels per view point (`traitCollection.displayScale`).
    ///   - policy: How to choose the zoom limits; aspect fit by default.
    public init(
        boundsSize: CGSize, pixelSize: PixelSize, imageScale: DisplayScale = 1, screenScale: DisplayScale,
        policy: ZoomViewport.Policy = .aspectFit
    ) {
        self.boundsSize = ViewportMath.usableSize(boundsSize)
        self.pixelSize = pixelSize
        self.imageScale = imageScale
        self.screenScale = screenScale
        self.policy = policy
        recomputeLimits()
        reset()
    }

    /// Goes back to the policy's initial zoom and position, as when the viewport was created.
    public mutating func reset() {
        guard !isNeutral else { return enterNeutralState() }
        zoomScale =
            policy.startsAtMinimum ? minimumZoomScale : ViewportMath.clamp(1, minimumZoomScale, maximumZoomScale)
        let range = contentOffsetRange
        contentOffset =
            policy.startsAtMinimum
            ? CGPoint(x: (range.lower.x + range.upper.x) / 2, y: (range.lower.y + range.upper.y) / 2) : range.lower
    }

    /// Recomputes ``imageSize``, the limits and ``isNeutral`` from the inputs, leaving the zoom
    /// and offset to the caller.
    @inline(__always)
    mutating func recomputeLimits() {
        let geometry = ZoomLimits(
            boundsSize: boundsSize, pixelSize: pixelSize, imageScale: imageScale, screenScale: screenScale,
            policy: policy)
        imageSize = geometry.imageSize
        minimumZoomScale = geometry.minimum
        maximumZoomScale = geometry.maximum
        isNeutral = geometry.isNeutral
    }

    /// Zoom 1 and offset zero, as documented for unusable input.
    mutating func enterNeutralState() {
        zoomScale = 1
        contentOffset = .zero
    }
}
