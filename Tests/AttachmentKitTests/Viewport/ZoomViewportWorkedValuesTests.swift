import AttachmentKit
import Foundation
import Testing

/// The worked values of issue 5 (aspect fit unless stated, screen scale 2, image scale 1).
@Suite("ZoomViewport worked values")
struct ZoomViewportWorkedValuesTests {
    @Test("a 3000 × 4000 portrait photo fits at 0.125, zooms to 0.5 and is centred with 83.5 above and below")
    func portraitPhoto() {
        let viewport = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 3000, height: 4000), screenScale: 2)
        #expect(viewport.minimumZoomScale == 0.125)
        #expect(viewport.maximumZoomScale == 0.5)
        #expect(viewport.zoomScale == 0.125)
        #expect(viewport.scaledContentSize == CGSize(width: 375, height: 500))
        #expect(viewport.contentInset == ZoomViewport.Insets(top: 83.5, left: 0, bottom: 83.5, right: 0))
        #expect(viewport.contentOffset == CGPoint(x: 0, y: -83.5))
        #expect(viewport.minimumContentOffset == viewport.contentOffset)
        #expect(viewport.maximumContentOffset == viewport.contentOffset)
        #expect(viewport.visibleRect == CGRect(x: 0, y: -668, width: 3000, height: 5336))
    }

    @Test("a 4000 × 3000 landscape photo fits at 0.09375 with 192.875 above")
    func landscapePhoto() {
        let viewport = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 4000, height: 3000), screenScale: 2)
        #expect(viewport.minimumZoomScale == 0.09375)
        #expect(viewport.scaledContentSize == CGSize(width: 375, height: 281.25))
        #expect(viewport.contentInset.top == 192.875)
        #expect(viewport.contentInset.bottom == 192.875)
        #expect(viewport.contentOffset == CGPoint(x: 0, y: -192.875))
    }

    @Test("a 200 × 100 image is not blown up: minimum = maximum = 0.5, centred, and double tap does nothing")
    func smallImage() {
        var viewport = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 200, height: 100), screenScale: 2)
        #expect(viewport.minimumZoomScale == 0.5)
        #expect(viewport.maximumZoomScale == 0.5)
        #expect(viewport.scaledContentSize == CGSize(width: 100, height: 50))
        #expect(viewport.contentInset.left == 137.5)
        #expect(viewport.contentInset.top == 308.5)
        #expect(!viewport.canZoom)
        let before = viewport
        #expect(viewport.doubleTap(at: CGPoint(x: 187.5, y: 333.5)) == .notZoomable)
        #expect(viewport == before)
    }

    @Test("fixed 0.2...5 shows the top-left of 1000 × 800 content at zoom 1 and centres it at 0.2")
    func fixedLimits() {
        var viewport = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 1000, height: 800), screenScale: 2,
            policy: .fixed(minimum: 0.2, maximum: 5))
        #expect(viewport.zoomScale == 1)
        #expect(viewport.scaledContentSize == CGSize(width: 1000, height: 800))
        #expect(viewport.contentInset == .zero)
        #expect(viewport.contentOffset == .zero)
        #expect(viewport.visibleRect == CGRect(x: 0, y: 0, width: 375, height: 667))
        viewport.zoom(to: 0.2)
        #expect(viewport.zoomScale == 0.2)
        #expect(viewport.scaledContentSize == CGSize(width: 200, height: 160))
        #expect(viewport.contentInset == ZoomViewport.Insets(top: 253.5, left: 87.5, bottom: 253.5, right: 87.5))
        #expect(viewport.contentOffset == CGPoint(x: -87.5, y: -253.5))
    }
}
