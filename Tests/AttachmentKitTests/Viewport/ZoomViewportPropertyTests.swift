import AttachmentKit
import Foundation
import Testing

/// Properties checked over 100,000 seeded random cases each. A failure records the case
/// number; the test's seed and the case number reproduce it.
@Suite("ZoomViewport properties over seeded random cases", .inTurn)
struct ZoomViewportPropertyTests {
    static let cases = 100_000

    @Test(
        "random operation sequences keep the zoom within its limits, the offset within its range, and every output finite"
    )
    func invariants() {
        let exercised = ViewportProperty.check(seed: 0x5EED_0001, cases: Self.cases) { random in
            var viewport = random.viewport(unusableRate: 0.03)
            for step in 0..<6 {
                if step > 0 { ViewportOperations.applyRandom(to: &viewport, using: &random) }
                if let problem = ViewportInvariants.violation(in: viewport, probe: random.viewPoint(in: viewport)) {
                    return .failed("step \(step): \(problem) in \(viewport)")
                }
            }
            return .held
        }
        #expect(exercised == Self.cases)
    }

    @Test("a pinch keeps the image point under its anchor wherever neither the zoom nor the offset is clamped")
    func pinchKeepsAnchor() {
        let exercised = ViewportProperty.check(seed: 0x5EED_0002, cases: Self.cases) { random in
            var viewport = random.viewport()
            ViewportOperations.applyRandom(to: &viewport, using: &random)
            let anchor = random.viewPoint(in: viewport)
            let scale =
                random.chance(0.8)
                ? random.logUniform(viewport.minimumZoomScale...viewport.maximumZoomScale)
                : random.zoomScale(around: viewport)
            let imagePoint = viewport.imagePoint(forViewPoint: anchor)
            viewport.zoom(to: scale, anchoredAt: anchor)
            guard viewport.zoomScale == scale else { return .skipped }
            // Each axis on which the offset that keeps the anchor is valid must keep it.
            let lower = viewport.minimumContentOffset
            let upper = viewport.maximumContentOffset
            let wanted = CGPoint(x: imagePoint.x * scale - anchor.x, y: imagePoint.y * scale - anchor.y)
            let checksX = wanted.x > lower.x && wanted.x < upper.x
            let checksY = wanted.y > lower.y && wanted.y < upper.y
            guard checksX || checksY else { return .skipped }
            let limit = 1e-9 * max(1, ViewportProperty.magnitude(of: viewport))
            let moved = viewport.viewPoint(forImagePoint: imagePoint)
            if (checksX && abs(moved.x - anchor.x) > limit) || (checksY && abs(moved.y - anchor.y) > limit) {
                return .failed("anchor \(anchor) moved to \(moved)")
            }
            return .held
        }
        #expect(exercised > Self.cases / 10)
    }

    @Test("view and image points convert both ways and back")
    func conversionsRoundTrip() {
        let exercised = ViewportProperty.check(seed: 0x5EED_0003, cases: Self.cases) { random in
            var viewport = random.viewport()
            ViewportOperations.applyRandom(to: &viewport, using: &random)
            let viewPoint = random.viewPoint(in: viewport)
            let imagePoint = CGPoint(
                x: random.uniform(-0.25...1.25) * viewport.imageSize.width,
                y: random.uniform(-0.25...1.25) * viewport.imageSize.height)
            let magnitude = ViewportProperty.magnitude(of: viewport)
            let viewBack = viewport.viewPoint(forImagePoint: viewport.imagePoint(forViewPoint: viewPoint))
            let imageBack = viewport.imagePoint(forViewPoint: viewport.viewPoint(forImagePoint: imagePoint))
            guard ViewportTolerance.isClose(viewBack, viewPoint, magnitude: magnitude),
                ViewportTolerance.isClose(imageBack, imagePoint, magnitude: magnitude / viewport.zoomScale)
            else { return .failed("\(viewPoint) → \(viewBack), \(imagePoint) → \(imageBack)") }
            return .held
        }
        #expect(exercised == Self.cases)
    }

    @Test("replacing the content keeps the scaled content size and offset when the new limits allow, and the minimum")
    func replaceContentKeepsPicture() {
        let exercised = ViewportProperty.check(seed: 0x5EED_0004, cases: Self.cases) { random in
            var viewport = random.viewport()
            viewport.zoom(to: random.zoomScale(around: viewport), anchoredAt: random.viewPoint(in: viewport))
            let before = viewport
            let factor = random.logUniform(0.1...10)
            viewport.replaceContent(
                pixelSize: PixelSize(width: before.pixelSize.width * factor, height: before.pixelSize.height * factor))
            guard !before.isNeutral, !viewport.isNeutral else { return .skipped }
            if before.isAtMinimumZoom {
                return viewport.zoomScale == viewport.minimumZoomScale
                    ? .skipped : .failed("left the minimum, at \(viewport.zoomScale)")
            }
            let wanted = before.scaledContentSize.width / viewport.imageSize.width
            guard wanted > viewport.minimumZoomScale * (1 + 1e-9), wanted < viewport.maximumZoomScale * (1 - 1e-9)
            else { return .skipped }
            let magnitude = ViewportProperty.magnitude(of: before)
            guard ViewportTolerance.isClose(viewport.scaledContentSize, before.scaledContentSize),
                ViewportTolerance.isClose(viewport.contentOffset, before.contentOffset, magnitude: magnitude)
            else {
                let was = "\(before.scaledContentSize) at \(before.contentOffset)"
                return .failed("\(was) became \(viewport.scaledContentSize) at \(viewport.contentOffset)")
            }
            return .held
        }
        #expect(exercised > Self.cases / 10)
    }

    @Test("a bounds change keeps the zoom (or the minimum) and the visible centre wherever the new limits allow")
    func boundsChangeKeepsCenter() {
        let exercised = ViewportProperty.check(seed: 0x5EED_0005, cases: Self.cases) { random in
            var viewport = random.viewport()
            viewport.zoom(to: random.zoomScale(around: viewport), anchoredAt: random.viewPoint(in: viewport))
            let before = viewport
            viewport.changeBoundsSize(to: random.boundsSize())
            let expectedZoom = before.isAtMinimumZoom ? viewport.minimumZoomScale : before.zoomScale
            guard expectedZoom >= viewport.minimumZoomScale, expectedZoom <= viewport.maximumZoomScale else {
                return .skipped
            }
            let center = CGPoint(x: before.visibleRect.midX, y: before.visibleRect.midY)
            let wanted = CGPoint(
                x: center.x * viewport.zoomScale - viewport.boundsSize.width / 2,
                y: center.y * viewport.zoomScale - viewport.boundsSize.height / 2)
            let lower = viewport.minimumContentOffset
            let upper = viewport.maximumContentOffset
            guard wanted.x > lower.x, wanted.x < upper.x, wanted.y > lower.y, wanted.y < upper.y else {
                return .skipped
            }
            let now = CGPoint(x: viewport.visibleRect.midX, y: viewport.visibleRect.midY)
            let magnitude = ViewportProperty.magnitude(of: viewport) / viewport.zoomScale
            guard viewport.zoomScale == expectedZoom, ViewportTolerance.isClose(now, center, magnitude: magnitude)
            else {
                return .failed("zoom \(viewport.zoomScale) for \(expectedZoom), centre \(now) for \(center)")
            }
            return .held
        }
        #expect(exercised > Self.cases / 20)
    }
}
