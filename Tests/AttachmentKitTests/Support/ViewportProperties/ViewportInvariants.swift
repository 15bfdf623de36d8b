import AttachmentKit
import Foundation

/// The invariants every ``ZoomViewport`` keeps, checked by the property tests.
enum ViewportInvariants {
    /// The first invariant `viewport` breaks, or `nil`: every output finite, the zoom within
    /// the limits, the offset within its range, the insets not negative, and the neutral
    /// state exactly as documented.
    static func violation(in viewport: ZoomViewport, probe: CGPoint) -> String? {
        let offset = viewport.contentOffset
        let lower = viewport.minimumContentOffset
        let upper = viewport.maximumContentOffset
        let inset = viewport.contentInset
        let visible = viewport.visibleRect
        let frame = viewport.imageFrame
        let image = viewport.imagePoint(forViewPoint: probe)
        let view = viewport.viewPoint(forImagePoint: probe)
        let outputs: [CGFloat] = [
            viewport.zoomScale, viewport.minimumZoomScale, viewport.maximumZoomScale, offset.x, offset.y, lower.x,
            lower.y, upper.x, upper.y, inset.top, inset.left, inset.bottom, inset.right,
            viewport.scaledContentSize.width, viewport.scaledContentSize.height, viewport.imageSize.width,
            viewport.imageSize.height, visible.minX, visible.minY, visible.width, visible.height, frame.minX,
            frame.minY, frame.width, frame.height, image.x, image.y, view.x, view.y,
        ]
        if let index = outputs.firstIndex(where: { !$0.isFinite }) { return "output \(index) is \(outputs[index])" }
        guard viewport.minimumZoomScale > 0, viewport.minimumZoomScale <= viewport.maximumZoomScale else {
            return "limits \(viewport.minimumZoomScale)...\(viewport.maximumZoomScale)"
        }
        guard viewport.minimumZoomScale <= viewport.zoomScale, viewport.zoomScale <= viewport.maximumZoomScale else {
            return "zoom \(viewport.zoomScale) outside \(viewport.minimumZoomScale)...\(viewport.maximumZoomScale)"
        }
        guard lower.x <= offset.x, offset.x <= upper.x, lower.y <= offset.y, offset.y <= upper.y else {
            return "offset \(offset) outside \(lower)...\(upper)"
        }
        guard inset.top >= 0, inset.left >= 0, inset.top == inset.bottom, inset.left == inset.right else {
            return "inset \(inset)"
        }
        if viewport.isNeutral, viewport.zoomScale != 1 || offset != .zero || inset != .zero || viewport.canZoom {
            return "neutral viewport at zoom \(viewport.zoomScale), offset \(offset)"
        }
        return nil
    }
}
