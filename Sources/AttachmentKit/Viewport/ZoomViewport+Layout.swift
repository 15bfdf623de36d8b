import Foundation

extension ZoomViewport {
    /// Adapts to new bounds (rotation, split view, a resized window):
    /// the image point at the centre of the bounds stays at the centre and the zoom is kept,
    /// both clamped into the new limits; a viewport that was at its minimum goes to the new
    /// minimum.
    ///
    /// A size with a negative, NaN or infinite dimension counts as zero, which makes the
    /// viewport neutral; from neutral, usable bounds start it afresh (see ``reset()``).
    public mutating func changeBoundsSize(to boundsSize: CGSize) {
        relayout(keepingScaledContentSize: false) { $0.boundsSize = ViewportMath.usableSize(boundsSize) }
    }

    /// Adapts to a new screen scale (the view moved to another display), keeping the centre
    /// and zoom as ``changeBoundsSize(to:)`` does.
    public mutating func changeScreenScale(to screenScale: DisplayScale) {
        relayout(keepingScaledContentSize: false) { $0.screenScale = screenScale }
    }

    /// Switches to another policy, keeping the centre and zoom as ``changeBoundsSize(to:)``
    /// does.
    public mutating func changePolicy(to policy: ZoomViewport.Policy) {
        relayout(keepingScaledContentSize: false) { $0.policy = policy }
    }

    /// Replaces the image with the same picture at another pixel size — the
    /// original arriving in place of the preview — without the picture moving or changing
    /// size on screen.
    ///
    /// The zoom becomes whatever keeps the scaled content size (for a different aspect ratio,
    /// its area), and the image point at the centre of the bounds keeps its place in the
    /// picture, so the visible region and the content offset stay the same wherever the new
    /// limits allow. A viewport at its minimum stays at the (new) minimum.
    ///
    /// When the full size is known in advance (from the message's size part, see
    /// ``PlaceholderSize/displayedSize``), create the viewport with it and
    /// draw the preview stretched to it: then this call finds the same pixel size and changes
    /// nothing.
    ///
    /// - Parameters:
    ///   - pixelSize: The new image's pixel size, orientation applied.
    ///   - imageScale: The new image's scale; the current one when `nil`.
    public mutating func replaceContent(pixelSize: PixelSize, imageScale: DisplayScale? = nil) {
        relayout(keepingScaledContentSize: true) {
            $0.pixelSize = pixelSize
            if let imageScale { $0.imageScale = imageScale }
        }
    }

    /// Applies `change` to the inputs, then restores the zoom (or the scaled content size) and
    /// the visible centre within the new limits, with the at-minimum rule. When
    /// no input changed, nothing does.
    private mutating func relayout(keepingScaledContentSize: Bool, _ change: (inout ZoomViewport) -> Void) {
        let before = self
        change(&self)
        guard
            (boundsSize, pixelSize, imageScale, screenScale, policy)
                != (before.boundsSize, before.pixelSize, before.imageScale, before.screenScale, before.policy)
        else { return }
        recomputeLimits()
        if isNeutral { return enterNeutralState() }
        if before.isNeutral { return reset() }
        let oldScaledSize = before.scaledContentSize
        let oldCenter = before.boundsCenter
        let centerFraction = CGPoint(
            x: (before.contentOffset.x + oldCenter.x) / oldScaledSize.width,
            y: (before.contentOffset.y + oldCenter.y) / oldScaledSize.height)
        if before.isAtMinimumZoom {
            zoomScale = minimumZoomScale
        } else if keepingScaledContentSize {
            let horizontal = oldScaledSize.width / imageSize.width
            let vertical = oldScaledSize.height / imageSize.height
            zoomScale = clampedZoomScale(horizontal == vertical ? horizontal : (horizontal * vertical).squareRoot())
        } else {
            zoomScale = clampedZoomScale(before.zoomScale)
        }
        let newScaledSize = scaledContentSize
        let newCenter = boundsCenter
        contentOffset = clampedContentOffset(
            CGPoint(
                x: centerFraction.x * newScaledSize.width - newCenter.x,
                y: centerFraction.y * newScaledSize.height - newCenter.y))
    }
}
