import AttachmentKit
import Foundation
import Testing

@Suite("ZoomViewport degenerate input", .inTurn)
struct ZoomViewportDegenerateInputTests {
    static let unusable: [CGFloat] = [0, -1, .nan, .infinity, -.infinity]

    /// Expects the documented neutral state.
    private func expectNeutral(_ viewport: ZoomViewport, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(viewport.isNeutral, sourceLocation: sourceLocation)
        #expect(viewport.zoomScale == 1, sourceLocation: sourceLocation)
        #expect(viewport.minimumZoomScale == 1, sourceLocation: sourceLocation)
        #expect(viewport.maximumZoomScale == 1, sourceLocation: sourceLocation)
        #expect(viewport.contentInset == .zero, sourceLocation: sourceLocation)
        #expect(viewport.contentOffset == .zero, sourceLocation: sourceLocation)
        #expect(viewport.minimumContentOffset == .zero, sourceLocation: sourceLocation)
        #expect(viewport.maximumContentOffset == .zero, sourceLocation: sourceLocation)
        let rect = viewport.visibleRect
        let allFinite = [rect.minX, rect.minY, rect.width, rect.height].allSatisfy { $0.isFinite }
        #expect(allFinite, sourceLocation: sourceLocation)
        #expect(!viewport.canZoom, sourceLocation: sourceLocation)
    }

    @Test("unusable bounds make the viewport neutral and operations leave it so", arguments: unusable)
    func unusableBounds(value: CGFloat) {
        var viewport = ZoomViewport(
            boundsSize: CGSize(width: value, height: 667), pixelSize: PixelSize(width: 3000, height: 4000),
            screenScale: 2)
        expectNeutral(viewport)
        #expect(viewport.doubleTap(at: CGPoint(x: 10, y: 10)) == .notZoomable)
        viewport.zoom(to: 3, anchoredAt: CGPoint(x: 4, y: 4))
        viewport.zoom(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        viewport.scroll(to: CGPoint(x: 50, y: 50))
        viewport.update(zoomScale: 2, contentOffset: CGPoint(x: 5, y: 5))
        expectNeutral(viewport)
        viewport.changeBoundsSize(to: ViewportFixtures.phone)
        #expect(!viewport.isNeutral)
        #expect(viewport.zoomScale == 0.125)
    }

    @Test("an unusable pixel size makes the viewport neutral until a usable one arrives", arguments: unusable)
    func unusablePixelSize(value: CGFloat) {
        var viewport = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 3000, height: value), screenScale: 2)
        expectNeutral(viewport)
        #expect(viewport.pixelSize.isEmpty)
        viewport.replaceContent(pixelSize: PixelSize(width: 3000, height: 4000))
        #expect(viewport.zoomScale == 0.125)
    }

    @Test("an unusable image or screen scale makes the viewport neutral", arguments: unusable)
    func unusableScales(value: CGFloat) {
        expectNeutral(
            ZoomViewport(
                boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 3000, height: 4000),
                imageScale: DisplayScale(value),
                screenScale: 2))
        var viewport = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 3000, height: 4000),
            screenScale: DisplayScale(value))
        expectNeutral(viewport)
        viewport.changeScreenScale(to: 2)
        #expect(viewport.maximumZoomScale == 0.5)
    }

    @Test("inputs whose geometry would overflow make the viewport neutral")
    func overflowingInputs() {
        expectNeutral(
            ZoomViewport(
                boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 1e300, height: 1e300),
                screenScale: 1e-300))
        expectNeutral(
            ZoomViewport(
                boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 1e300, height: 1e300),
                imageScale: 1e-300,
                screenScale: 2))
        expectNeutral(
            ZoomViewport(
                boundsSize: CGSize(width: 1e300, height: 1e300), pixelSize: PixelSize(width: 1, height: 1),
                screenScale: 2, policy: .fixed(minimum: 1e-300, maximum: 1)))
    }

    @Test("a viewport made twice from NaN input equals itself")
    func equalWithNaN() {
        let make = {
            ZoomViewport(
                boundsSize: CGSize(width: CGFloat.nan, height: .nan), pixelSize: PixelSize(width: .nan, height: 1),
                imageScale: DisplayScale(.nan), screenScale: DisplayScale(.nan))
        }
        #expect(make() == make())
        #expect(DisplayScale(.nan).pixelsPerPoint == 0)
        #expect(make().boundsSize == .zero)
    }

    @Test("a 100,000 × 100,000 px image fits, zooms and converts")
    func hugeImage() {
        var viewport = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 100_000, height: 100_000), screenScale: 3)
        #expect(viewport.minimumZoomScale == 0.00375)
        #expect(viewport.maximumZoomScale == 1.0 / 3)
        #expect(viewport.doubleTap(at: CGPoint(x: 187.5, y: 333.5)) == .zoomedIn)
        #expect(ViewportTolerance.isClose(viewport.visibleRect.midX, 50_000))
        #expect(ViewportTolerance.isClose(viewport.scaledContentSize.width, 100_000.0 / 3))
    }

    @Test("a 1 × 1 px image is centred at one pixel per device pixel, and upscaled when asked")
    func onePixelImage() {
        let viewport = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 1, height: 1), screenScale: 2)
        #expect(viewport.zoomScale == 0.5)
        #expect(viewport.contentInset.left == 187.25)
        let upscaled = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 1, height: 1), screenScale: 2,
            policy: .aspectFit(upscalesSmallImages: true, guaranteedZoomRange: 4))
        #expect(upscaled.zoomScale == 375)
        #expect(upscaled.maximumZoomScale == 1500)
        #expect(upscaled.scaledContentSize == CGSize(width: 375, height: 375))
    }
}
