import Foundation

extension ZoomViewport {
    /// The device pixels the picture takes on screen: ``scaledContentSize`` × the screen scale
    /// (image points × zoom × screen scale). A rendition at least this large shows every
    /// device pixel sharp; give it to ``AttachmentResolver/Policy/rendition(for:among:)`` or
    /// ``Rendition/Upgrader/displayedSizeChanged(to:)``. It does not depend on which
    /// rendition the viewport is laid out at. ``PixelSize/zero`` when neutral.
    public var displayedPixelSize: PixelSize {
        guard !isNeutral else { return .zero }
        let scaled = scaledContentSize
        return PixelSize(
            width: scaled.width * screenScale.pixelsPerPoint, height: scaled.height * screenScale.pixelsPerPoint)
    }

    /// Swaps in a larger rendition of the same picture without a jump.
    ///
    /// A viewport laid out at the original's size (``init(boundsSize:placeholder:screenScale:policy:)``),
    /// which is at least as large as the rendition in both dimensions, changes nothing: draw the
    /// new content at ``imageSize``, as the preview was. A viewport laid out at a smaller
    /// rendition's size takes this one's through ``replaceContent(pixelSize:imageScale:)``, which
    /// keeps the picture's frame on screen and the visible region of the picture. A rendition of
    /// unknown size (an empty pixel size) changes nothing.
    public mutating func replaceContent(with rendition: Rendition) {
        let size = rendition.pixelSize
        guard !size.isEmpty, size.width > pixelSize.width || size.height > pixelSize.height else { return }
        replaceContent(pixelSize: size)
    }
}
