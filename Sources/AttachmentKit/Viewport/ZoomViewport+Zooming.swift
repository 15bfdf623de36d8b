import Foundation

extension ZoomViewport {
    /// Zooms to `scale`, keeping the image point under `anchor` where it is (a pinch centred
    /// there), unless the offset must be clamped. A neutral viewport is left unchanged.
    ///
    /// - Parameters:
    ///   - scale: The new zoom, clamped into the limits (infinity gives the maximum, zero or
    ///     less the minimum). NaN leaves the viewport unchanged.
    ///   - anchor: The view point that keeps its image point; the centre of the bounds when
    ///     `nil` or when a coordinate is NaN or infinite.
    public mutating func zoom(to scale: CGFloat, anchoredAt anchor: CGPoint? = nil) {
        guard !isNeutral, !scale.isNaN else { return }
        let anchor = usableViewPoint(anchor ?? boundsCenter)
        let imagePoint = imagePoint(forViewPoint: anchor)
        zoomScale = clampedZoomScale(scale)
        contentOffset = clampedContentOffset(
            CGPoint(x: imagePoint.x * zoomScale - anchor.x, y: imagePoint.y * zoomScale - anchor.y))
    }

    /// Multiplies the zoom by `factor` (a pinch gesture's scale since its last change), anchored
    /// as ``zoom(to:anchoredAt:)`` is. A NaN factor leaves the viewport unchanged.
    public mutating func zoom(by factor: CGFloat, anchoredAt anchor: CGPoint? = nil) {
        zoom(to: zoomScale * factor, anchoredAt: anchor)
    }

    /// Zooms so that `imageRect` (in image points) fills as much of the bounds as it can,
    /// with `UIScrollView.zoom(to:animated:)` semantics: the largest zoom at which the rect
    /// fits, clamped into the limits, centred on the rect's midpoint, offset clamped.
    ///
    /// A rect with no width and height zooms to the maximum around its origin; a rect with a
    /// NaN or infinite value, or a neutral viewport, is left unchanged.
    public mutating func zoom(to imageRect: CGRect) {
        let rect = imageRect.standardized
        guard !isNeutral, rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return }
        let horizontal = rect.width > 0 ? boundsSize.width / rect.width : .infinity
        let vertical = rect.height > 0 ? boundsSize.height / rect.height : .infinity
        center(imagePoint: CGPoint(x: rect.midX, y: rect.midY), atZoomScale: Swift.min(horizontal, vertical))
    }

    /// What a double tap did.
    public enum DoubleTapOutcome: Sendable, Hashable {
        /// The viewport was at its minimum and zoomed in around the tapped point.
        case zoomedIn
        /// The viewport was zoomed in and went back to its minimum.
        case zoomedOut
        /// Nothing changed: the minimum and maximum are equal within 1 %
        /// (an image already at one pixel per device pixel under aspect fit), or the viewport is
        /// neutral. An app may give feedback instead, such as a small bounce.
        case notZoomable
    }

    /// Answers a double tap at a view point, as Photos does: at the minimum (within
    /// 1 %) it zooms in to `targetScale`, bringing the tapped image point to the
    /// centre as far as the edges allow; otherwise it zooms back out to the minimum, keeping
    /// the tapped point under the finger as far as the edges allow.
    ///
    /// - Parameters:
    ///   - viewPoint: Where the tap was, in view points; the centre when a coordinate is NaN
    ///     or infinite.
    ///   - targetScale: The zoom to zoom in to, clamped into the limits; the maximum when
    ///     `nil`, NaN, or not above the minimum.
    /// - Returns: What happened; ``DoubleTapOutcome/notZoomable`` when it did nothing.
    @discardableResult
    public mutating func doubleTap(at viewPoint: CGPoint, zoomingInTo targetScale: CGFloat? = nil) -> DoubleTapOutcome {
        guard !isNeutral, canZoom else { return .notZoomable }
        guard isAtMinimumZoom else {
            zoom(to: minimumZoomScale, anchoredAt: viewPoint)
            return .zoomedOut
        }
        var target = clampedZoomScale(targetScale ?? maximumZoomScale)
        if target <= minimumZoomScale * (1 + Self.zoomTolerance) { target = maximumZoomScale }
        center(imagePoint: imagePoint(forViewPoint: viewPoint), atZoomScale: target)
        return .zoomedIn
    }

    /// Sets the zoom to `scale` (clamped) and puts `imagePoint` at the centre of the bounds,
    /// as far as the valid offsets allow.
    mutating func center(imagePoint: CGPoint, atZoomScale scale: CGFloat) {
        zoomScale = clampedZoomScale(scale)
        contentOffset = clampedContentOffset(
            CGPoint(
                x: imagePoint.x * zoomScale - boundsSize.width / 2,
                y: imagePoint.y * zoomScale - boundsSize.height / 2))
    }
}
