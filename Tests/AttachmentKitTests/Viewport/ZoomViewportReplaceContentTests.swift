import AttachmentKit
import Foundation
import Testing

@Suite("ZoomViewport replacing the preview with the full image", .inTurn)
struct ZoomViewportReplaceContentTests {
    @Test("a zoomed-in preview replaced by the full image keeps its scaled size, offset and visible region")
    func zoomedInKeepsEverything() {
        var viewport = ViewportFixtures.image(1500, 2000)
        viewport.zoom(to: 0.3, anchoredAt: CGPoint(x: 50, y: 90))
        let scaled = viewport.scaledContentSize
        let offset = viewport.contentOffset
        let visible = viewport.visibleRect
        let inset = viewport.contentInset
        viewport.replaceContent(pixelSize: PixelSize(width: 3000, height: 4000))
        #expect(viewport.zoomScale == 0.15)
        #expect(viewport.scaledContentSize == scaled)
        #expect(viewport.contentOffset == offset)
        #expect(viewport.contentInset == inset)
        #expect(viewport.visibleRect.origin == CGPoint(x: visible.minX * 2, y: visible.minY * 2))
    }

    @Test("a preview at its minimum stays at the minimum of the full image")
    func atMinimumStaysAtMinimum() {
        var viewport = ViewportFixtures.image(1500, 2000)
        viewport.replaceContent(pixelSize: PixelSize(width: 3000, height: 4000))
        #expect(viewport == ViewportFixtures.image(3000, 4000))
        #expect(viewport.scaledContentSize == CGSize(width: 375, height: 500))
    }

    @Test("a viewport laid out at the full size from the size part changes nothing when the full image arrives")
    func laidOutAtFullSize() throws {
        let metadata = try ImageSizeMetadata(pixelWidth: 4000, pixelHeight: 3000, orientation: .right)
        var viewport = ZoomViewport(
            boundsSize: ViewportFixtures.phone, pixelSize: metadata.displayedSize, screenScale: 2)
        #expect(viewport.pixelSize == PixelSize(width: 3000, height: 4000))
        viewport.zoom(to: 0.3, anchoredAt: CGPoint(x: 10, y: 20))
        let before = viewport
        viewport.replaceContent(pixelSize: PixelSize(width: 3000, height: 4000))
        #expect(viewport == before)
    }

    @Test(
        "a preview smaller than the screen is shown at its native size, so without the full size it grows at the swap")
    func smallPreviewGrows() {
        var viewport = ViewportFixtures.image(300, 400)
        #expect(viewport.scaledContentSize == CGSize(width: 150, height: 200))
        viewport.replaceContent(pixelSize: PixelSize(width: 3000, height: 4000))
        #expect(viewport.scaledContentSize == CGSize(width: 375, height: 500))
    }

    @Test("a full image of another aspect ratio keeps the visible centre and the scaled area")
    func otherAspectRatioKeepsCenter() {
        var viewport = ViewportFixtures.image(1500, 2000)
        viewport.zoom(to: CGRect(x: 300, y: 600, width: 375, height: 667))
        let center = viewport.visibleRect
        let area = viewport.scaledContentSize.width * viewport.scaledContentSize.height
        viewport.replaceContent(pixelSize: PixelSize(width: 3200, height: 4000))
        let fraction = (x: center.midX / 1500, y: center.midY / 2000)
        #expect(ViewportTolerance.isClose(viewport.visibleRect.midX / 3200, fraction.x))
        #expect(ViewportTolerance.isClose(viewport.visibleRect.midY / 4000, fraction.y))
        let newArea = viewport.scaledContentSize.width * viewport.scaledContentSize.height
        #expect(ViewportTolerance.isClose(newArea, area))
    }

    @Test("a new image scale keeps the picture in place when the size in points is the same")
    func newImageScale() {
        var viewport = ViewportFixtures.image(3000, 4000)
        viewport.zoom(to: 0.25, anchoredAt: CGPoint(x: 100, y: 100))
        let offset = viewport.contentOffset
        viewport.replaceContent(pixelSize: PixelSize(width: 6000, height: 8000), imageScale: 2)
        #expect(viewport.imageSize == CGSize(width: 3000, height: 4000))
        #expect(viewport.maximumZoomScale == 1)
        #expect(viewport.zoomScale == 0.25)
        #expect(viewport.contentOffset == offset)
    }

    @Test("an empty replacement makes the viewport neutral; a usable one then starts afresh")
    func emptyReplacement() {
        var viewport = ViewportFixtures.image(1500, 2000)
        viewport.doubleTap(at: .zero)
        viewport.replaceContent(pixelSize: .zero)
        #expect(viewport.isNeutral)
        #expect(viewport.contentOffset == .zero)
        viewport.replaceContent(pixelSize: PixelSize(width: 3000, height: 4000))
        #expect(viewport == ViewportFixtures.image(3000, 4000))
    }
}
