import Foundation

extension ZoomViewport {
    /// Scrolls to the content offset `offset`, clamped into the valid range. A NaN or infinite coordinate
    /// keeps the current one; a neutral viewport is left unchanged.
    public mutating func scroll(to offset: CGPoint) {
        guard !isNeutral else { return }
        contentOffset = clampedContentOffset(
            CGPoint(
                x: offset.x.isFinite ? offset.x : contentOffset.x,
                y: offset.y.isFinite ? offset.y : contentOffset.y))
    }

    /// Moves the picture with a dragging finger: a translation of (10, 0) moves it 10 points
    /// right (the content offset decreases by 10), as far as the valid range allows. For
    /// views without a scroll view, such as a SwiftUI drag gesture.
    public mutating func pan(by translation: CGSize) {
        scroll(to: CGPoint(x: contentOffset.x - translation.width, y: contentOffset.y - translation.height))
    }

    /// Adopts the zoom and offset a scroll view reports after the user pinched or scrolled
    /// (from `scrollViewDidZoom` and `scrollViewDidScroll`), clamped, so that later
    /// operations start from what is on screen. A NaN or infinite value keeps the current one.
    public mutating func update(zoomScale: CGFloat, contentOffset: CGPoint) {
        guard !isNeutral else { return }
        if zoomScale.isFinite { self.zoomScale = clampedZoomScale(zoomScale) }
        scroll(to: contentOffset)
    }
}
