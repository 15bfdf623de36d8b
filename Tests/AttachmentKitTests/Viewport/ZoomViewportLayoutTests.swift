import AttachmentKit
import Foundation
import Testing

@Suite("ZoomViewport bounds, screen and policy changes", .inTurn)
struct ZoomViewportLayoutTests {
    @Test("rotating at the minimum stays at the new minimum, centred")
    func rotateAtMinimum() {
        var viewport = ViewportFixtures.photo()
        viewport.changeBoundsSize(to: ViewportFixtures.landscapePhone)
        #expect(viewport.zoomScale == 0.09375)
        #expect(viewport.zoomScale == viewport.minimumZoomScale)
        #expect(viewport.contentInset.left == (667 - 281.25) / 2)
        #expect(viewport == ViewportFixtures.photo(boundsSize: ViewportFixtures.landscapePhone))
    }

    @Test("rotating when zoomed in keeps the zoom and the image point at the centre")
    func rotateZoomedIn() {
        var viewport = ViewportFixtures.photo()
        viewport.zoom(to: CGRect(x: 1200, y: 1600, width: 750, height: 1334))
        let center = viewport.imagePoint(forViewPoint: CGPoint(x: 187.5, y: 333.5))
        viewport.changeBoundsSize(to: ViewportFixtures.landscapePhone)
        #expect(viewport.zoomScale == 0.5)
        #expect(viewport.imagePoint(forViewPoint: CGPoint(x: 333.5, y: 187.5)) == center)
        viewport.changeBoundsSize(to: ViewportFixtures.phone)
        #expect(viewport.imagePoint(forViewPoint: CGPoint(x: 187.5, y: 333.5)) == center)
    }

    @Test("a bounds change clamps the zoom into the new limits and the centre into the valid offsets")
    func boundsChangeClamps() {
        var viewport = ViewportFixtures.photo()
        viewport.zoom(to: 0.13, anchoredAt: .zero)
        #expect(!viewport.isAtMinimumZoom)
        viewport.changeBoundsSize(to: CGSize(width: 750, height: 1334))
        #expect(viewport.minimumZoomScale == 0.25)
        #expect(viewport.zoomScale == 0.25)
        #expect(viewport.contentOffset == CGPoint(x: 0, y: -167))
    }

    @Test("a viewport created before layout is neutral, then starts at the initial position when real bounds arrive")
    func boundsArriveAfterLayout() {
        var viewport = ViewportFixtures.photo(boundsSize: .zero)
        #expect(viewport.isNeutral)
        viewport.changeBoundsSize(to: ViewportFixtures.phone)
        #expect(viewport == ViewportFixtures.photo())
        viewport.doubleTap(at: .zero)
        viewport.changeBoundsSize(to: .zero)
        #expect(viewport.isNeutral)
        #expect(viewport.zoomScale == 1)
        viewport.changeBoundsSize(to: ViewportFixtures.phone)
        #expect(viewport == ViewportFixtures.photo())
    }

    @Test("a new screen scale changes the native scale and clamps the zoom")
    func screenScaleChange() {
        var viewport = ViewportFixtures.photo()
        viewport.zoom(to: 0.5)
        viewport.changeScreenScale(to: 3)
        #expect(viewport.maximumZoomScale == 1.0 / 3)
        #expect(viewport.zoomScale == 1.0 / 3)
        #expect(ViewportTolerance.isClose(viewport.visibleRect.midX, 1500))
        #expect(ViewportTolerance.isClose(viewport.visibleRect.midY, 2000))
    }

    @Test("a new policy keeps a viewport at its minimum at the new minimum")
    func policyChange() {
        var viewport = ViewportFixtures.photo()
        viewport.changePolicy(to: .aspectFill)
        #expect(viewport.policy == .aspectFill)
        #expect(viewport.zoomScale == 667.0 / 4000)
        #expect(viewport.contentInset == .zero)
        #expect(ViewportTolerance.isClose(viewport.visibleRect.midX, 1500))
        viewport.changePolicy(to: .fixed(minimum: 0.2, maximum: 5))
        #expect(viewport.zoomScale == 0.2)
    }

    @Test("a change to the same bounds, screen scale, policy or pixel size changes nothing")
    func unchangedInputs() {
        var viewport = ViewportFixtures.photo()
        let nearMinimum: CGFloat = 0.125 * 1.005
        viewport.update(zoomScale: nearMinimum, contentOffset: .zero)
        let before = viewport
        viewport.changeBoundsSize(to: ViewportFixtures.phone)
        viewport.changeScreenScale(to: 2)
        viewport.changePolicy(to: .aspectFit)
        viewport.replaceContent(pixelSize: PixelSize(width: 3000, height: 4000), imageScale: 1)
        #expect(viewport == before)
        #expect(viewport.zoomScale == nearMinimum)
    }

    @Test("reset goes back to the initial zoom and position")
    func reset() {
        var viewport = ViewportFixtures.photo()
        viewport.doubleTap(at: CGPoint(x: 30, y: 400))
        viewport.reset()
        #expect(viewport == ViewportFixtures.photo())
    }
}
