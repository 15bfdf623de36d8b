import AttachmentKit
import Foundation
import Testing

@Suite("ZoomViewport.Policy", .inTurn)
struct ZoomPolicyTests {
    @Test("aspect fit is the default and caps the minimum at one image pixel per device pixel")
    func aspectFitDefault() {
        let defaulted = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: PixelSize(width: 200, height: 100), screenScale: 3)
        #expect(defaulted.policy == .aspectFit)
        #expect(defaulted.minimumZoomScale == 1.0 / 3)
        #expect(defaulted.maximumZoomScale == 1.0 / 3)
    }

    @Test("aspect fit with upscaling fits a small image to the bounds; the maximum never falls below it")
    func aspectFitUpscaling() {
        let fitted = ViewportFixtures.image(200, 100, policy: .aspectFit(upscalesSmallImages: true))
        #expect(fitted.minimumZoomScale == 1.875)
        #expect(fitted.maximumZoomScale == 1.875)
        #expect(fitted.scaledContentSize.width == 375)
        #expect(!fitted.canZoom)
    }

    @Test("a guaranteed zoom range lets every image zoom in by at least that factor")
    func guaranteedZoomRange() {
        let small = ViewportFixtures.image(200, 100, policy: .aspectFit(guaranteedZoomRange: 2))
        #expect(small.minimumZoomScale == 0.5)
        #expect(small.maximumZoomScale == 1)
        #expect(small.canZoom)
        let upscaled = ViewportFixtures.image(
            200, 100, policy: .aspectFit(upscalesSmallImages: true, guaranteedZoomRange: 2))
        #expect(upscaled.maximumZoomScale == 3.75)
        let large = ViewportFixtures.image(3000, 4000, policy: .aspectFit(guaranteedZoomRange: 2))
        #expect(large.maximumZoomScale == 0.5)
    }

    @Test("a guaranteed zoom range below 1, NaN or infinite counts as 1", arguments: [0.5, 0, -3, .nan, .infinity])
    func unusableZoomRange(range: CGFloat) {
        #expect(ZoomViewport.Policy.aspectFit(guaranteedZoomRange: range) == .aspectFit)
        #expect(ZoomViewport.Policy.aspectFill(guaranteedZoomRange: range) == .aspectFill)
    }

    @Test("aspect fill covers the bounds at the minimum, centred on the overflowing axis")
    func aspectFill() {
        let filled = ViewportFixtures.image(3000, 4000, policy: .aspectFill)
        #expect(filled.minimumZoomScale == 667.0 / 4000)
        #expect(filled.maximumZoomScale == 0.5)
        #expect(filled.zoomScale == filled.minimumZoomScale)
        #expect(filled.scaledContentSize.height == 667)
        #expect(filled.contentInset == .zero)
        #expect(ViewportTolerance.isClose(filled.contentOffset.x, (3000 * 667.0 / 4000 - 375) / 2))
        #expect(filled.contentOffset.y == 0)
    }

    @Test("aspect fill enlarges a small image to cover the bounds unless told not to")
    func aspectFillSmallImage() {
        let filled = ViewportFixtures.image(200, 100, policy: .aspectFill)
        #expect(filled.minimumZoomScale == 6.67)
        #expect(filled.maximumZoomScale == 6.67)
        let sharp = ViewportFixtures.image(200, 100, policy: .aspectFill(upscalesSmallImages: false))
        #expect(sharp.minimumZoomScale == 0.5)
        #expect(sharp.contentInset.left == 137.5)
    }

    @Test("fixed limits ignore the image and bounds; a maximum below the minimum is raised to it")
    func fixedLimits() {
        let fixed = ViewportFixtures.image(100_000, 100_000, policy: .fixed(minimum: 0.2, maximum: 5))
        #expect(fixed.minimumZoomScale == 0.2)
        #expect(fixed.maximumZoomScale == 5)
        #expect(fixed.zoomScale == 1)
        let inverted = ViewportFixtures.image(1000, 800, policy: .fixed(minimum: 5, maximum: 0.2))
        #expect(inverted.minimumZoomScale == 5)
        #expect(inverted.maximumZoomScale == 5)
        #expect(inverted.zoomScale == 5)
    }

    @Test("fixed limits start at zoom 1 clamped, at the top-left, or centred when the content is smaller")
    func fixedInitialPosition() {
        let clamped = ViewportFixtures.image(1000, 800, policy: .fixed(minimum: 2, maximum: 5))
        #expect(clamped.zoomScale == 2)
        #expect(clamped.contentOffset == .zero)
        let small = ViewportFixtures.image(200, 100, policy: .fixed(minimum: 0.2, maximum: 5))
        #expect(small.zoomScale == 1)
        #expect(small.contentOffset == CGPoint(x: -87.5, y: -283.5))
    }

    @Test(
        "a fixed limit that is not finite and positive makes the viewport neutral",
        arguments: [(CGFloat.nan, CGFloat(5)), (0, 5), (0.2, .infinity), (-1, 5), (0.2, 0)])
    func unusableFixedLimits(minimum: CGFloat, maximum: CGFloat) {
        let neutral = ViewportFixtures.image(1000, 800, policy: .fixed(minimum: minimum, maximum: maximum))
        #expect(neutral.isNeutral)
        #expect(neutral.zoomScale == 1)
    }

    @Test("descriptions name the rule and its options")
    func descriptions() {
        #expect(ZoomViewport.Policy.aspectFit.description == "aspect fit")
        #expect(
            ZoomViewport.Policy.aspectFit(upscalesSmallImages: true, guaranteedZoomRange: 2).description
                == "aspect fit, upscaling, zoom range at least 2")
        #expect(ZoomViewport.Policy.aspectFill.description == "aspect fill")
        #expect(ZoomViewport.Policy.aspectFill(upscalesSmallImages: false).description == "aspect fill, not upscaling")
        #expect(ZoomViewport.Policy.fixed(minimum: 0.2, maximum: 5).description == "fixed 0.2...5")
    }
}
