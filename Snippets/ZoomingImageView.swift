// A UIScrollView that shows one image with the geometry of a ZoomViewport, as in the
// "Zooming" article. Built on Apple platforms only (UIKit); on Linux the file is empty.
#if canImport(UIKit) && !os(watchOS)
import AttachmentKit
import UIKit

extension PixelSize {
    /// The pixel size of a decoded image (its size is in points, already oriented).
    init(_ image: UIImage) {
        self.init(width: image.size.width * image.scale, height: image.size.height * image.scale)
    }
}

extension UIEdgeInsets {
    init(_ insets: ZoomViewport.Insets) {
        self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}

final class ZoomingImageView: UIScrollView, UIScrollViewDelegate {
    private let imageView = UIImageView()
    private var viewport = ZoomViewport(boundsSize: .zero, pixelSize: .zero, screenScale: 1)
    private var isApplyingViewport = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        delegate = self
        contentInsetAdjustmentBehavior = .never  // the viewport owns contentInset
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        addSubview(imageView)
        let doubleTap = UITapGestureRecognizer(target: self, action: #selector(doubleTapped))
        doubleTap.numberOfTapsRequired = 2
        addGestureRecognizer(doubleTap)
    }

    required init?(coder: NSCoder) { nil }

    /// Shows the preview, laid out (stretched) at the original's size that the message's
    /// placeholder gives, so that the original later drops in place without a jump.
    func showPreview(_ preview: UIImage, placeholder: PlaceholderSize?) {
        imageView.image = preview
        let scale = DisplayScale(traitCollection.displayScale)
        viewport = ZoomViewport(boundsSize: bounds.size, placeholder: placeholder, screenScale: scale)
        if placeholder == nil {
            viewport.replaceContent(pixelSize: PixelSize(preview), imageScale: DisplayScale(preview.scale))
        }
        applyViewport()
    }

    /// Shows the original image in place of the preview, without a jump.
    func showOriginal(_ image: UIImage) {
        readBackScrollView()
        imageView.image = image
        viewport.replaceContent(pixelSize: PixelSize(image), imageScale: DisplayScale(image.scale))
        applyViewport()
    }

    /// Call from the view controller's `viewWillTransition(to:with:)`, before the bounds
    /// change, so that a scroll still decelerating is remembered (PhotoScroller's
    /// `prepareToResize`). `layoutSubviews` then applies the new bounds inside the
    /// rotation's animation.
    func prepareForSizeChange() {
        readBackScrollView()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let scale = DisplayScale(traitCollection.displayScale)
        // UIScrollView lays out on every scroll: act only when the bounds or screen changed.
        guard bounds.size != viewport.boundsSize || scale != viewport.screenScale else { return }
        viewport.changeScreenScale(to: scale)
        viewport.changeBoundsSize(to: bounds.size)  // keeps the centre and the zoom
        applyViewport()
    }

    @objc private func doubleTapped(_ gesture: UITapGestureRecognizer) {
        readBackScrollView()
        let location = gesture.location(in: self)  // content coordinates
        let viewPoint = CGPoint(x: location.x - contentOffset.x, y: location.y - contentOffset.y)
        switch viewport.doubleTap(at: viewPoint) {
        case .zoomedIn, .zoomedOut:
            UIView.animate(withDuration: 0.3) { self.applyZoomAndOffset() }
        case .notZoomable:
            break  // already at its native size: nothing to zoom
        }
    }

    // MARK: UIScrollViewDelegate

    func viewForZooming(in scrollView: UIScrollView) -> UIView? { imageView }

    func scrollViewDidZoom(_ scrollView: UIScrollView) {
        guard !isApplyingViewport else { return }
        // Keep the picture centred while the pinch moves, even past the limits.
        contentInset = UIEdgeInsets(viewport.contentInset(atZoomScale: zoomScale))
    }

    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        readBackScrollView()
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { readBackScrollView() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        readBackScrollView()
    }

    // MARK: Applying

    /// Adopts what the user did with the scroll view.
    private func readBackScrollView() {
        viewport.update(zoomScale: zoomScale, contentOffset: contentOffset)
    }

    /// Sizes the image view at zoom 1 (PhotoScroller's order), then sets the limits, zoom,
    /// inset and offset.
    private func applyViewport() {
        isApplyingViewport = true
        defer { isApplyingViewport = false }
        zoomScale = 1
        imageView.frame = CGRect(origin: .zero, size: viewport.imageSize)
        contentSize = viewport.imageSize
        minimumZoomScale = viewport.minimumZoomScale
        maximumZoomScale = viewport.maximumZoomScale
        applyZoomAndOffset()
    }

    private func applyZoomAndOffset() {
        isApplyingViewport = true
        defer { isApplyingViewport = false }
        zoomScale = viewport.zoomScale
        contentInset = UIEdgeInsets(viewport.contentInset)
        contentOffset = viewport.contentOffset
    }
}
#endif
