import AttachmentKit
import Foundation
import Testing

@Suite("ZoomViewport zooming", .inTurn)
struct ZoomViewportZoomingTests {
    @Test("a pinch keeps the image point under its anchor")
    func pinchKeepsAnchor() {
        var viewport = ViewportFixtures.photo()
        let anchor = CGPoint(x: 100, y: 200)
        #expect(viewport.imagePoint(forViewPoint: anchor) == CGPoint(x: 800, y: 932))
        viewport.zoom(to: 0.25, anchoredAt: anchor)
        #expect(viewport.zoomScale == 0.25)
        #expect(viewport.contentInset == .zero)
        #expect(viewport.contentOffset == CGPoint(x: 100, y: 33))
        #expect(viewport.imagePoint(forViewPoint: anchor) == CGPoint(x: 800, y: 932))
    }

    @Test("a pinch is clamped to the limits and its offset to the valid range")
    func pinchClamps() {
        var viewport = ViewportFixtures.photo()
        viewport.zoom(to: 10, anchoredAt: .zero)
        #expect(viewport.zoomScale == 0.5)
        // The anchor was in the inset above the image: the offset stops at the image's top.
        #expect(viewport.contentOffset == .zero)
        viewport.zoom(to: 0.01, anchoredAt: CGPoint(x: 300, y: 600))
        #expect(viewport.zoomScale == 0.125)
        #expect(viewport.contentOffset == CGPoint(x: 0, y: -83.5))
    }

    @Test(
        "zoom without an anchor keeps the centre; infinity zooms to the maximum, zero to the minimum, NaN does nothing")
    func zoomSpecialScales() {
        var viewport = ViewportFixtures.photo()
        viewport.zoom(to: .infinity)
        #expect(viewport.zoomScale == 0.5)
        #expect(viewport.visibleRect.midX == 1500)
        #expect(viewport.visibleRect.midY == 2000)
        let zoomed = viewport
        viewport.zoom(to: .nan)
        #expect(viewport == zoomed)
        viewport.zoom(to: 0)
        #expect(viewport.zoomScale == 0.125)
        viewport.zoom(to: 0.3, anchoredAt: CGPoint(x: CGFloat.nan, y: 5))
        #expect(viewport.visibleRect.midX == 1500)
    }

    @Test("zoom by a factor multiplies the current zoom")
    func zoomByFactor() {
        var viewport = ViewportFixtures.photo()
        viewport.zoom(by: 2)
        #expect(viewport.zoomScale == 0.25)
        viewport.zoom(by: 1.5, anchoredAt: CGPoint(x: 10, y: 10))
        #expect(viewport.zoomScale == 0.375)
        viewport.zoom(by: .nan)
        #expect(viewport.zoomScale == 0.375)
    }

    @Test("zoom to a rect shows it as large as it fits, centred on its midpoint, like UIScrollView.zoom(to:)")
    func zoomToRect() {
        var viewport = ViewportFixtures.photo()
        let rect = CGRect(x: 1000, y: 1000, width: 750, height: 1334)
        viewport.zoom(to: rect)
        #expect(viewport.zoomScale == 0.5)
        #expect(viewport.contentOffset == CGPoint(x: 500, y: 500))
        #expect(viewport.visibleRect == rect)
        // A wide rect limits the zoom by its width and is centred vertically.
        viewport.zoom(to: CGRect(x: 0, y: 1900, width: 1500, height: 200))
        #expect(viewport.zoomScale == 0.25)
        #expect(viewport.visibleRect.midY == 2000)
        #expect(viewport.visibleRect.minX == 0)
    }

    @Test("zoom to a rect clamps the zoom and the offset; an empty rect zooms to the maximum; NaN is ignored")
    func zoomToRectEdges() {
        var viewport = ViewportFixtures.photo()
        viewport.zoom(to: CGRect(x: 2990, y: 3990, width: 10, height: 10))
        #expect(viewport.zoomScale == 0.5)
        #expect(viewport.contentOffset == viewport.maximumContentOffset)
        viewport.zoom(to: CGRect(x: -5000, y: -5000, width: 20_000, height: 20_000))
        #expect(viewport.zoomScale == 0.125)
        viewport.zoom(to: CGRect(x: 1500, y: 2000, width: 0, height: 0))
        #expect(viewport.zoomScale == 0.5)
        #expect(viewport.visibleRect.midX == 1500)
        let before = viewport
        viewport.zoom(to: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        viewport.zoom(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10))
        #expect(viewport == before)
        viewport.zoom(to: CGRect(x: 1600, y: 2100, width: -200, height: -200))
        #expect(viewport.visibleRect.midX == 1500)
    }

    @Test("a double tap at the minimum zooms in to the maximum, bringing the tapped point to the centre")
    func doubleTapZoomsIn() {
        var viewport = ViewportFixtures.photo()
        #expect(viewport.doubleTap(at: CGPoint(x: 187.5, y: 333.5)) == .zoomedIn)
        #expect(viewport.zoomScale == 0.5)
        #expect(viewport.contentOffset == CGPoint(x: 562.5, y: 666.5))
        var corner = ViewportFixtures.photo()
        #expect(corner.doubleTap(at: CGPoint(x: 370, y: 580)) == .zoomedIn)
        #expect(corner.contentOffset == corner.maximumContentOffset)
    }

    @Test("a double tap when zoomed in goes back to the minimum")
    func doubleTapZoomsOut() {
        var viewport = ViewportFixtures.photo()
        viewport.doubleTap(at: CGPoint(x: 100, y: 100))
        #expect(viewport.doubleTap(at: CGPoint(x: 100, y: 100)) == .zoomedOut)
        #expect(viewport == ViewportFixtures.photo())
    }

    @Test("a double tap compares with the minimum using a tolerance, never with ==")
    func doubleTapTolerance() {
        var viewport = ViewportFixtures.photo()
        viewport.update(zoomScale: 0.125 * 1.005, contentOffset: .zero)
        #expect(viewport.isAtMinimumZoom)
        #expect(viewport.doubleTap(at: CGPoint(x: 100, y: 100)) == .zoomedIn)
        viewport.update(zoomScale: 0.125 * 1.02, contentOffset: .zero)
        #expect(!viewport.isAtMinimumZoom)
        #expect(viewport.doubleTap(at: CGPoint(x: 100, y: 100)) == .zoomedOut)
    }

    @Test("a double tap zooms in to the target scale given")
    func doubleTapTarget() {
        var viewport = ViewportFixtures.photo()
        #expect(viewport.doubleTap(at: CGPoint(x: 187.5, y: 333.5), zoomingInTo: 0.25) == .zoomedIn)
        #expect(viewport.zoomScale == 0.25)
    }

    @Test(
        "a double tap zooms in to the maximum when the target is not above the minimum",
        arguments: [0.1, 0.125, CGFloat.nan])
    func doubleTapTargetAtOrBelowMinimum(target: CGFloat) {
        var viewport = ViewportFixtures.photo()
        viewport.doubleTap(at: .zero, zoomingInTo: target)
        #expect(viewport.zoomScale == 0.5)
    }
}
