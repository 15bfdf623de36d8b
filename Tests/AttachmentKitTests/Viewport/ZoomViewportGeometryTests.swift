import AttachmentKit
import Foundation
import Testing

@Suite("ZoomViewport geometry", .inTurn)
struct ZoomViewportGeometryTests {
    @Test("view and image points convert both ways through the zoom and offset")
    func conversions() {
        var viewport = ViewportFixtures.photo()
        #expect(viewport.viewPoint(forImagePoint: .zero) == CGPoint(x: 0, y: 83.5))
        #expect(viewport.viewPoint(forImagePoint: CGPoint(x: 3000, y: 4000)) == CGPoint(x: 375, y: 583.5))
        #expect(viewport.imagePoint(forViewPoint: CGPoint(x: 187.5, y: 333.5)) == CGPoint(x: 1500, y: 2000))
        viewport.zoom(to: 0.5)
        let point = CGPoint(x: 1234, y: 2345)
        #expect(viewport.imagePoint(forViewPoint: viewport.viewPoint(forImagePoint: point)) == point)
    }

    @Test("a point with a NaN or infinite coordinate converts as the centre of the bounds")
    func unusablePoints() {
        let viewport = ViewportFixtures.photo()
        #expect(viewport.imagePoint(forViewPoint: CGPoint(x: CGFloat.nan, y: 0)) == CGPoint(x: 1500, y: 2000))
        #expect(viewport.viewPoint(forImagePoint: CGPoint(x: 0, y: CGFloat.infinity)) == CGPoint(x: 187.5, y: 333.5))
    }

    @Test("conversions of enormous points stay finite")
    func enormousPoints() {
        let viewport = ViewportFixtures.photo()
        let huge = CGPoint(x: CGFloat.greatestFiniteMagnitude, y: -.greatestFiniteMagnitude)
        let image = viewport.imagePoint(forViewPoint: huge)
        #expect(image.x.isFinite && image.y.isFinite)
        let view = viewport.viewPoint(forImagePoint: huge)
        #expect(view.x.isFinite && view.y.isFinite)
    }

    @Test("the visible rect is the bounds in image points; the image frame is where the image appears")
    func visibleRectAndImageFrame() {
        var viewport = ViewportFixtures.photo()
        #expect(viewport.imageFrame == CGRect(x: 0, y: 83.5, width: 375, height: 500))
        viewport.zoom(to: 0.5)
        viewport.scroll(to: CGPoint(x: 100, y: 300))
        #expect(viewport.visibleRect == CGRect(x: 200, y: 600, width: 750, height: 1334))
        #expect(viewport.imageFrame == CGRect(x: -100, y: -300, width: 1500, height: 2000))
    }

    @Test("the image size is the pixel size over the image scale")
    func imageSize() {
        let viewport = ZoomViewport(
            boundsSize: CGSize(width: 375, height: 667), pixelSize: PixelSize(width: 600, height: 900),
            imageScale: 3, screenScale: 3)
        #expect(viewport.imageSize == CGSize(width: 200, height: 300))
        #expect(viewport.maximumZoomScale == 1)
        #expect(viewport.zoomScale == 1)
    }

    @Test("the viewport and its inputs are plain values: no references, so copying one never touches the heap")
    func plainValues() {
        #expect(_isPOD(ZoomViewport.self))
        #expect(_isPOD(ZoomViewport.Policy.self))
        #expect(_isPOD(PixelSize.self))
        #expect(_isPOD(ZoomViewport.DoubleTapOutcome.self))
    }

    @Test("a pixel size describes itself with its unit, a scale as its number of pixels per point")
    func descriptions() {
        #expect(PixelSize(width: 4032, height: 3024).description == "4032 x 3024 px")
        #expect(DisplayScale(2).description == "2")
        #expect(DisplayScale(2.5).description == "2.5")
    }

    @Test("the placeholder's displayed size becomes the pixel size")
    func pixelSizeFromPlaceholder() {
        let placeholder = PlaceholderSize(
            displayedSize: PixelSize(width: 3024, height: 4032), orientation: .right, source: .sizeMetadata)
        #expect(placeholder.displayedSize == PixelSize(width: 3024, height: 4032))
    }
}
