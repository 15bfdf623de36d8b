import Foundation

extension PixelSize {
    /// How an image fills the view it is decoded for.
    public enum DecodeFit: Sendable, Hashable {
        /// The image covers the view (aspect fill, a grid cell): the decoded size covers the view's
        /// pixels in both dimensions.
        case fill
        /// The image fits inside the view (aspect fit, a viewer): the decoded size covers the
        /// view's pixels in one dimension.
        case fit
    }

    /// The pixel size to decode this image to for a view of `viewSize` points: the smallest size
    /// with the image's aspect ratio that covers the view's device pixels (`viewSize` ×
    /// `screenScale` × `zoom`) by `fit`, and never larger than the image itself.
    ///
    /// Give it to a downsampling decoder (`kCGImageSourceThumbnailMaxPixelSize` takes the larger
    /// dimension) so that a grid keeps cell-sized bitmaps, not full-size ones: a 4032 × 3024 photo
    /// in a 100 × 100-point cell at 3× decodes to 400 × 300 × 4 bytes (0.5 MB) instead of 48 MB.
    ///
    /// Returns ``zero`` when the image, the view or the screen scale has a zero dimension. A
    /// `zoom` that is not finite and positive counts as 1.
    public func decodeTarget(
        forViewOfSize viewSize: CGSize, screenScale: DisplayScale, zoom: CGFloat = 1, fit: DecodeFit = .fill
    ) -> PixelSize {
        let zoom = zoom.isFinite && zoom > 0 ? zoom : 1
        let scale = screenScale.pixelsPerPoint * zoom
        let boxWidth = ViewportMath.positiveFiniteOrZero(viewSize.width) * scale
        let boxHeight = ViewportMath.positiveFiniteOrZero(viewSize.height) * scale
        guard !isEmpty, boxWidth > 0, boxHeight > 0, boxWidth.isFinite, boxHeight.isFinite else { return .zero }
        let widthFactor = boxWidth / width
        let heightFactor = boxHeight / height
        let factor = min(1, fit == .fill ? max(widthFactor, heightFactor) : min(widthFactor, heightFactor))
        return PixelSize(
            width: min(width, max(1, (width * factor).rounded(.up))),
            height: min(height, max(1, (height * factor).rounded(.up))))
    }
}
