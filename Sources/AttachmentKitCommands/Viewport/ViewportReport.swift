import AttachmentKit
import Foundation

/// The viewport lines `attachmentkit resolve --bounds WxH --screen-scale S` prints: the
/// ``ZoomViewport`` for the resolved image, sized from the resolution's placeholder size.
struct ViewportReport {
    let options: ViewportOptions
    let resolution: AttachmentResolver.Resolution

    var text: String {
        let header =
            "viewport: \(number(options.boundsSize.width)) x \(number(options.boundsSize.height)) pt, "
            + "screen scale \(options.screenScale), \(options.policy)"
        guard let placeholder = resolution.placeholderSize else {
            let reason = resolution.sizeMetadataError.map { "\($0)" } ?? "no local size part"
            return "\(header)\n  image size: unknown (\(reason)), so no zoom geometry\n"
        }
        let viewport = ZoomViewport(
            boundsSize: options.boundsSize, pixelSize: placeholder.displayedSize,
            screenScale: options.screenScale, policy: options.policy)
        var lines = [
            header,
            "  image: \(viewport.pixelSize) at image scale \(viewport.imageScale) = \(size(viewport.imageSize)) pt",
        ]
        guard !viewport.isNeutral else {
            lines.append("  neutral: the geometry overflows for these values (zoom 1, no inset, offset 0)")
            return lines.joined(separator: "\n") + "\n"
        }
        let inset = viewport.contentInset
        let lower = viewport.minimumContentOffset
        let upper = viewport.maximumContentOffset
        let visible = viewport.visibleRect
        lines += [
            "  zoom: \(number(viewport.zoomScale)) (minimum \(number(viewport.minimumZoomScale)), "
                + "maximum \(number(viewport.maximumZoomScale)))",
            "  scaled content: \(size(viewport.scaledContentSize)) pt",
            "  content inset: top \(number(inset.top)), left \(number(inset.left)), "
                + "bottom \(number(inset.bottom)), right \(number(inset.right))",
            "  content offset: \(point(viewport.contentOffset)) "
                + "(valid x \(number(lower.x))...\(number(upper.x)), y \(number(lower.y))...\(number(upper.y)))",
            "  visible rect in image points: origin \(point(visible.origin)), size \(size(visible.size))",
            "  double tap at the centre: \(doubleTapText(viewport))",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func doubleTapText(_ viewport: ZoomViewport) -> String {
        var tapped = viewport
        let center = CGPoint(x: viewport.boundsSize.width / 2, y: viewport.boundsSize.height / 2)
        switch tapped.doubleTap(at: center) {
        case .zoomedIn: return "zooms in to \(number(tapped.zoomScale))"
        case .zoomedOut: return "zooms out to \(number(tapped.zoomScale))"
        case .notZoomable: return "does nothing (the minimum equals the maximum)"
        }
    }

    private func size(_ size: CGSize) -> String { "\(number(size.width)) x \(number(size.height))" }

    private func point(_ point: CGPoint) -> String { "(\(number(point.x)), \(number(point.y)))" }

    /// At most six decimals, without trailing zeros.
    private func number(_ value: CGFloat) -> String {
        let rounded = (Double(value) * 1e6).rounded() / 1e6
        if rounded == 0 { return "0" }
        guard abs(rounded) < 1e15, let integer = Int64(exactly: rounded) else { return String(rounded) }
        return String(integer)
    }
}
