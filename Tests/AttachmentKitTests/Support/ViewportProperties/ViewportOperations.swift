import AttachmentKit
import Foundation

/// Applies random ``ZoomViewport`` operations, with random and sometimes unusable arguments,
/// for the property tests.
enum ViewportOperations {
    /// Applies one operation chosen at random from every operation a viewport has.
    static func applyRandom(to viewport: inout ZoomViewport, using random: inout ViewportCaseGenerator) {
        let point = random.chance(0.02) ? CGPoint(x: random.unusable(), y: 1) : random.viewPoint(in: viewport)
        switch random.index(12) {
        case 0:
            viewport.zoom(
                to: random.chance(0.02) ? random.unusable() : random.zoomScale(around: viewport), anchoredAt: point)
        case 1: viewport.zoom(by: random.logUniform(0.2...5), anchoredAt: random.chance(0.2) ? nil : point)
        case 2:
            let size = CGSize(
                width: random.uniform(-0.1...1.2) * viewport.imageSize.width,
                height: random.uniform(-0.1...1.2) * viewport.imageSize.height)
            viewport.zoom(to: CGRect(origin: viewport.imagePoint(forViewPoint: point), size: size))
        case 3:
            viewport.doubleTap(at: point, zoomingInTo: random.chance(0.5) ? nil : random.zoomScale(around: viewport))
        case 4: viewport.changeBoundsSize(to: random.boundsSize(unusableRate: 0.02))
        case 5: viewport.changeScreenScale(to: DisplayScale(random.scale(unusableRate: 0.02)))
        case 6: viewport.changePolicy(to: random.policy(unusableRate: 0.02))
        case 7: viewport.replaceContent(pixelSize: random.pixelSize(unusableRate: 0.02))
        case 8: viewport.scroll(to: CGPoint(x: random.uniform(-2000...20_000), y: random.uniform(-2000...20_000)))
        case 9: viewport.pan(by: CGSize(width: random.uniform(-500...500), height: random.uniform(-500...500)))
        case 10:
            viewport.update(
                zoomScale: random.zoomScale(around: viewport),
                contentOffset: CGPoint(x: random.uniform(-500...5000), y: random.uniform(-500...5000)))
        default: viewport.reset()
        }
    }
}
