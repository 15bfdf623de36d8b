import AttachmentKit
import Foundation
import Testing

@Suite("ZoomViewport scrolling", .inTurn)
struct ZoomViewportScrollingTests {
    /// The worked 3000 × 4000 photo, zoomed to 0.5: offsets 0...1125 × 0...1333.
    static func zoomedPhoto() -> ZoomViewport {
        var viewport = ViewportFixtures.photo()
        viewport.zoom(to: 0.5, anchoredAt: .zero)
        return viewport
    }

    @Test("the valid offsets run from 0 to the scaled content minus the bounds")
    func offsetRange() {
        let viewport = Self.zoomedPhoto()
        #expect(viewport.minimumContentOffset == .zero)
        #expect(viewport.maximumContentOffset == CGPoint(x: 1125, y: 1333))
    }

    @Test("scrolling sets the offset, clamped; a NaN or infinite coordinate keeps the current one")
    func scrollTo() {
        var viewport = Self.zoomedPhoto()
        viewport.scroll(to: CGPoint(x: 300, y: 400))
        #expect(viewport.contentOffset == CGPoint(x: 300, y: 400))
        viewport.scroll(to: CGPoint(x: -50, y: 5000))
        #expect(viewport.contentOffset == CGPoint(x: 0, y: 1333))
        viewport.scroll(to: CGPoint(x: 200, y: CGFloat.nan))
        #expect(viewport.contentOffset == CGPoint(x: 200, y: 1333))
        viewport.scroll(to: CGPoint(x: CGFloat.infinity, y: 10))
        #expect(viewport.contentOffset == CGPoint(x: 200, y: 10))
    }

    @Test("panning moves the picture with the finger, within the valid range")
    func pan() {
        var viewport = Self.zoomedPhoto()
        viewport.scroll(to: CGPoint(x: 500, y: 500))
        viewport.pan(by: CGSize(width: 10, height: -20))
        #expect(viewport.contentOffset == CGPoint(x: 490, y: 520))
        viewport.pan(by: CGSize(width: 10_000, height: 0))
        #expect(viewport.contentOffset.x == 0)
    }

    @Test("a centred axis cannot scroll: its only valid offset is minus the inset")
    func centredAxisIsFixed() {
        var viewport = ViewportFixtures.photo()
        viewport.pan(by: CGSize(width: 40, height: 40))
        #expect(viewport.contentOffset == CGPoint(x: 0, y: -83.5))
    }

    @Test("updating from a scroll view adopts its zoom and offset, clamped")
    func update() {
        var viewport = Self.zoomedPhoto()
        viewport.update(zoomScale: 0.25, contentOffset: CGPoint(x: 100, y: 200))
        #expect(viewport.zoomScale == 0.25)
        #expect(viewport.contentOffset == CGPoint(x: 100, y: 200))
        // A rubber-banding pinch reports a zoom below the minimum and an offset outside.
        viewport.update(zoomScale: 0.1, contentOffset: CGPoint(x: -20, y: -120))
        #expect(viewport.zoomScale == 0.125)
        #expect(viewport.contentOffset == CGPoint(x: 0, y: -83.5))
        viewport.update(zoomScale: .nan, contentOffset: CGPoint(x: CGFloat.nan, y: 0))
        #expect(viewport.zoomScale == 0.125)
    }

    @Test("the inset at any zoom keeps a rubber-banding pinch centred")
    func insetAtZoomScale() {
        let viewport = Self.zoomedPhoto()
        #expect(
            viewport.contentInset(atZoomScale: 0.0625)
                == ZoomViewport.Insets(top: 208.5, left: 93.75, bottom: 208.5, right: 93.75))
        #expect(viewport.contentInset(atZoomScale: .nan) == viewport.contentInset)
        #expect(viewport.contentInset(atZoomScale: -1) == .zero)
    }
}
