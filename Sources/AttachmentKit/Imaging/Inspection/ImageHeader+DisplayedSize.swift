import Foundation

extension ImageHeader {
    /// The size in pixels as displayed, orientation applied: what a placeholder is laid out at
    /// and what a ``ZoomViewport`` takes. The stored size is ``pixelWidth`` × ``pixelHeight``.
    public var displayedSize: PixelSize {
        PixelSize(width: CGFloat(displayedWidth), height: CGFloat(displayedHeight))
    }
}
