import Foundation

extension ZoomViewport {
    /// The content size at the current zoom (`UIScrollView.contentSize`): ``imageSize`` ×
    /// ``zoomScale``.
    public var scaledContentSize: CGSize { scaledContentSize(atZoomScale: zoomScale) }

    /// The centring inset at the current zoom (`UIScrollView.contentInset`): on an axis where
    /// the scaled content is smaller than the bounds, half the difference on each side;
    /// otherwise 0. Zero when neutral.
    public var contentInset: Insets { contentInset(atZoomScale: zoomScale) }

    /// The centring inset the content needs at `scale`, which need not lie within the limits:
    /// use it in `scrollViewDidZoom` so the picture stays centred while a pinch rubber-bands
    /// past the minimum. A scale that is not finite and positive gives the inset at the
    /// current zoom; a neutral viewport gives zero.
    public func contentInset(atZoomScale scale: CGFloat) -> Insets {
        guard !isNeutral else { return .zero }
        let scaled = scaledContentSize(atZoomScale: ViewportMath.isPositiveFinite(scale) ? scale : zoomScale)
        let horizontal = ViewportMath.inset(scaled: scaled.width, bounds: boundsSize.width)
        let vertical = ViewportMath.inset(scaled: scaled.height, bounds: boundsSize.height)
        return Insets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// The smallest valid content offset: `-inset` on an axis where the content is centred,
    /// 0 where it fills the bounds.
    public var minimumContentOffset: CGPoint { contentOffsetRange.lower }

    /// The largest valid content offset: `-inset` on an axis where the content is centred,
    /// scaled content − bounds where it fills the bounds.
    public var maximumContentOffset: CGPoint { contentOffsetRange.upper }

    /// The part of the image that is visible, in image points: its origin is the image point
    /// at the top-left corner of the bounds, its size the bounds ÷ zoom. It extends past the
    /// image where the content is centred with an inset.
    public var visibleRect: CGRect {
        CGRect(origin: imagePoint(forViewPoint: .zero), size: visibleSize)
    }

    /// Where the image appears in view points: origin −``contentOffset``, size
    /// ``scaledContentSize``. Use it to animate a transition from a thumbnail, or to place the
    /// image without a scroll view (for example in SwiftUI).
    public var imageFrame: CGRect {
        CGRect(origin: CGPoint(x: -contentOffset.x, y: -contentOffset.y), size: scaledContentSize)
    }

    /// Whether the zoom is at the minimum, within 1 %; `true` when neutral.
    public var isAtMinimumZoom: Bool {
        zoomScale <= minimumZoomScale * (1 + Self.zoomTolerance)
    }

    /// Whether the maximum is above the minimum by more than 1 %, so that
    /// zooming can change anything. `false` for an image already shown at its native scale
    /// under aspect fit, and when neutral.
    public var canZoom: Bool {
        maximumZoomScale > minimumZoomScale * (1 + Self.zoomTolerance)
    }

    /// The image point under a view point. A point with a NaN or infinite coordinate is taken
    /// as the centre of the bounds.
    public func imagePoint(forViewPoint viewPoint: CGPoint) -> CGPoint {
        let point = usableViewPoint(viewPoint)
        return CGPoint(
            x: ViewportMath.finite((point.x + contentOffset.x) / zoomScale),
            y: ViewportMath.finite((point.y + contentOffset.y) / zoomScale))
    }

    /// The view point over an image point. A point with a NaN or infinite coordinate is taken
    /// as the image point at the centre of the bounds.
    public func viewPoint(forImagePoint imagePoint: CGPoint) -> CGPoint {
        let point = imagePoint.x.isFinite && imagePoint.y.isFinite ? imagePoint : visibleCenter
        return CGPoint(
            x: ViewportMath.finite(point.x * zoomScale - contentOffset.x),
            y: ViewportMath.finite(point.y * zoomScale - contentOffset.y))
    }

    /// The centre of the bounds in view points.
    @inline(__always)
    var boundsCenter: CGPoint { CGPoint(x: boundsSize.width / 2, y: boundsSize.height / 2) }

    /// The image point at the centre of the bounds.
    var visibleCenter: CGPoint { imagePoint(forViewPoint: boundsCenter) }

    /// The bounds in image points.
    private var visibleSize: CGSize {
        CGSize(width: boundsSize.width / zoomScale, height: boundsSize.height / zoomScale)
    }

    /// `viewPoint`, or the centre of the bounds when a coordinate is NaN or infinite.
    @inline(__always)
    func usableViewPoint(_ viewPoint: CGPoint) -> CGPoint {
        viewPoint.x.isFinite && viewPoint.y.isFinite ? viewPoint : boundsCenter
    }

    /// ``imageSize`` × `scale`.
    @inline(__always)
    func scaledContentSize(atZoomScale scale: CGFloat) -> CGSize {
        CGSize(width: imageSize.width * scale, height: imageSize.height * scale)
    }

    /// The valid content offsets at the current zoom; zero when neutral.
    @inline(__always)
    var contentOffsetRange: (lower: CGPoint, upper: CGPoint) {
        guard !isNeutral else { return (.zero, .zero) }
        let scaled = scaledContentSize
        let horizontal = ViewportMath.offsetRange(scaled: scaled.width, bounds: boundsSize.width)
        let vertical = ViewportMath.offsetRange(scaled: scaled.height, bounds: boundsSize.height)
        return (CGPoint(x: horizontal.lower, y: vertical.lower), CGPoint(x: horizontal.upper, y: vertical.upper))
    }

    /// `offset` clamped into the valid range at the current zoom.
    @inline(__always)
    func clampedContentOffset(_ offset: CGPoint) -> CGPoint {
        let range = contentOffsetRange
        return CGPoint(
            x: ViewportMath.clamp(offset.x, range.lower.x, range.upper.x),
            y: ViewportMath.clamp(offset.y, range.lower.y, range.upper.y))
    }

    /// `scale` clamped into the limits; NaN gives the minimum.
    @inline(__always)
    func clampedZoomScale(_ scale: CGFloat) -> CGFloat {
        ViewportMath.clamp(scale, minimumZoomScale, maximumZoomScale)
    }
}

extension ZoomViewport {
    /// Insets around the scaled content, in points: the values for `UIScrollView.contentInset`
    /// (`UIEdgeInsets(top: inset.top, left: inset.left, bottom: inset.bottom, right: inset.right)`).
    ///
    /// Its own type because `UIEdgeInsets` and SwiftUI's `EdgeInsets` do not exist on every
    /// platform the library builds for.
    public struct Insets: Sendable, Equatable {
        /// The inset above the content.
        public var top: CGFloat
        /// The inset left of the content.
        public var left: CGFloat
        /// The inset below the content.
        public var bottom: CGFloat
        /// The inset right of the content.
        public var right: CGFloat

        /// Creates insets.
        public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        /// No inset on any side.
        public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
    }
}
