import AttachmentKit
import Foundation
import Testing

/// The worked values of issue 5 (aspect fit unless stated, screen scale 2, image scale 1).
@Suite("ZoomViewport worked values", .inTurn)
struct ZoomViewportWorkedValuesTests {
    /// An image fitted to the phone at screen scale 2: its pixel size and the geometry it starts with.
    struct Fitted: Sendable, CustomTestStringConvertible {
        let name: String
        let pixelSize: PixelSize
        let minimum: CGFloat
        let maximum: CGFloat
        let scaledContentSize: CGSize
        let inset: ZoomViewport.Insets
        var testDescription: String { name }

        var viewport: ZoomViewport {
            ZoomViewport(boundsSize: ViewportFixtures.phone, pixelSize: pixelSize, screenScale: 2)
        }
    }

    static let fitted = [
        Fitted(
            name: "a 3000 × 4000 portrait photo", pixelSize: PixelSize(width: 3000, height: 4000), minimum: 0.125,
            maximum: 0.5, scaledContentSize: CGSize(width: 375, height: 500),
            inset: ZoomViewport.Insets(top: 83.5, left: 0, bottom: 83.5, right: 0)),
        Fitted(
            name: "a 4000 × 3000 landscape photo", pixelSize: PixelSize(width: 4000, height: 3000), minimum: 0.09375,
            maximum: 0.5, scaledContentSize: CGSize(width: 375, height: 281.25),
            inset: ZoomViewport.Insets(top: 192.875, left: 0, bottom: 192.875, right: 0)),
        Fitted(
            name: "a 200 × 100 image, not blown up", pixelSize: PixelSize(width: 200, height: 100), minimum: 0.5,
            maximum: 0.5, scaledContentSize: CGSize(width: 100, height: 50),
            inset: ZoomViewport.Insets(top: 308.5, left: 137.5, bottom: 308.5, right: 137.5)),
    ]

    @Test(
        "portrait fits at 0.125 with 83.5 above, landscape at 0.09375 with 192.875, 200 × 100 at 0.5 = the maximum",
        arguments: fitted)
    func fits(_ image: Fitted) {
        let viewport = image.viewport
        #expect(viewport.minimumZoomScale == image.minimum)
        #expect(viewport.maximumZoomScale == image.maximum)
        #expect(viewport.zoomScale == image.minimum)
        #expect(viewport.scaledContentSize == image.scaledContentSize)
        #expect(viewport.contentInset == image.inset)
        #expect(viewport.contentOffset == CGPoint(x: -image.inset.left, y: -image.inset.top))
    }

    @Test("the fitted portrait photo cannot scroll and shows the whole image with the insets around it")
    func portraitPhoto() {
        let viewport = Self.fitted[0].viewport
        #expect(viewport.minimumContentOffset == viewport.contentOffset)
        #expect(viewport.maximumContentOffset == viewport.contentOffset)
        #expect(viewport.visibleRect == CGRect(x: 0, y: -668, width: 3000, height: 5336))
    }

    @Test("a 200 × 100 image cannot zoom, and double tap does nothing")
    func smallImage() {
        var viewport = Self.fitted[2].viewport
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
