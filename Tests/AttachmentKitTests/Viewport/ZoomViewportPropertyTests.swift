import AttachmentKit
import Foundation
import Testing

/// Properties checked over 100,000 seeded random cases each. A failure records the case
/// number; the generator's seed and the case number reproduce it.
@Suite("ZoomViewport properties over seeded random cases")
struct ZoomViewportPropertyTests {
    static let cases = 100_000
    /// Failures recorded before a test stops, so that one bug does not print 100,000 issues.
    static let failureLimit = 5

    @Test(
        "random operation sequences keep the zoom within its limits, the offset within its range, and every output finite"
    )
    func invariants() {
        var random = ViewportCaseGenerator(seed: 0x5EED_0001)
        var failures = 0
        var checks = 0
        for number in 0..<Self.cases where failures < Self.failureLimit {
            var viewport = random.viewport(unusableRate: 0.03)
            for step in 0..<6 {
                if step > 0 { ViewportOperations.applyRandom(to: &viewport, using: &random) }
                checks += 1
                if let problem = ViewportInvariants.violation(in: viewport, probe: random.viewPoint(in: viewport)) {
                    Issue.record("case \(number), step \(step): \(problem) in \(viewport)")
                    failures += 1
                    break
                }
            }
        }
        #expect(checks >= Self.cases * 6 || failures > 0)
    }

    @Test("a pinch keeps the image point under its anchor wherever neither the zoom nor the offset is clamped")
    func pinchKeepsAnchor() {
        var random = ViewportCaseGenerator(seed: 0x5EED_0002)
        var exercised = 0
        var failures = 0
        for number in 0..<Self.cases where failures < Self.failureLimit {
            var viewport = random.viewport()
            ViewportOperations.applyRandom(to: &viewport, using: &random)
            let anchor = random.viewPoint(in: viewport)
            let scale =
                random.chance(0.8)
                ? random.logUniform(viewport.minimumZoomScale...viewport.maximumZoomScale)
                : random.zoomScale(around: viewport)
            let imagePoint = viewport.imagePoint(forViewPoint: anchor)
            viewport.zoom(to: scale, anchoredAt: anchor)
            guard viewport.zoomScale == scale else { continue }
            // Each axis on which the offset that keeps the anchor is valid must keep it.
            let lower = viewport.minimumContentOffset
            let upper = viewport.maximumContentOffset
            let wantedX = imagePoint.x * scale - anchor.x
            let wantedY = imagePoint.y * scale - anchor.y
            let checksX = wantedX > lower.x && wantedX < upper.x
            let checksY = wantedY > lower.y && wantedY < upper.y
            guard checksX || checksY else { continue }
            exercised += 1
            let limit = 1e-9 * max(1, Self.magnitude(of: viewport))
            let moved = viewport.viewPoint(forImagePoint: imagePoint)
            if (checksX && abs(moved.x - anchor.x) > limit) || (checksY && abs(moved.y - anchor.y) > limit) {
                Issue.record("case \(number): anchor \(anchor) moved to \(moved)")
                failures += 1
            }
        }
        #expect(exercised > Self.cases / 10)
    }

    @Test("view and image points convert both ways and back")
    func conversionsRoundTrip() {
        var random = ViewportCaseGenerator(seed: 0x5EED_0003)
        var failures = 0
        for number in 0..<Self.cases where failures < Self.failureLimit {
            var viewport = random.viewport()
            ViewportOperations.applyRandom(to: &viewport, using: &random)
            let viewPoint = random.viewPoint(in: viewport)
            let imagePoint = CGPoint(
                x: random.uniform(-0.25...1.25) * viewport.imageSize.width,
                y: random.uniform(-0.25...1.25) * viewport.imageSize.height)
            let magnitude = Self.magnitude(of: viewport)
            let viewBack = viewport.viewPoint(forImagePoint: viewport.imagePoint(forViewPoint: viewPoint))
            let imageBack = viewport.imagePoint(forViewPoint: viewport.viewPoint(forImagePoint: imagePoint))
            let imageMagnitude = magnitude / viewport.zoomScale
            if !ViewportTolerance.isClose(viewBack, viewPoint, magnitude: magnitude)
                || !ViewportTolerance.isClose(imageBack, imagePoint, magnitude: imageMagnitude)
            {
                Issue.record("case \(number): \(viewPoint) → \(viewBack), \(imagePoint) → \(imageBack)")
                failures += 1
            }
        }
    }

    @Test("replacing the content keeps the scaled content size and offset when the new limits allow, and the minimum")
    func replaceContentKeepsPicture() {
        var random = ViewportCaseGenerator(seed: 0x5EED_0004)
        var exercised = 0
        var failures = 0
        for number in 0..<Self.cases where failures < Self.failureLimit {
            var viewport = random.viewport()
            viewport.zoom(to: random.zoomScale(around: viewport), anchoredAt: random.viewPoint(in: viewport))
            guard !viewport.isNeutral else { continue }
            let before = viewport
            let factor = random.logUniform(0.1...10)
            viewport.replaceContent(
                pixelSize: PixelSize(width: before.pixelSize.width * factor, height: before.pixelSize.height * factor))
            guard !viewport.isNeutral else { continue }
            if before.isAtMinimumZoom {
                if viewport.zoomScale != viewport.minimumZoomScale {
                    Issue.record("case \(number): left the minimum, at \(viewport.zoomScale)")
                    failures += 1
                }
                continue
            }
            let wanted = before.scaledContentSize.width / viewport.imageSize.width
            guard wanted > viewport.minimumZoomScale * (1 + 1e-9), wanted < viewport.maximumZoomScale * (1 - 1e-9)
            else { continue }
            exercised += 1
            let magnitude = Self.magnitude(of: before)
            if !ViewportTolerance.isClose(viewport.scaledContentSize, before.scaledContentSize)
                || !ViewportTolerance.isClose(viewport.contentOffset, before.contentOffset, magnitude: magnitude)
            {
                let was = "\(before.scaledContentSize) at \(before.contentOffset)"
                Issue.record("case \(number): \(was) became \(viewport.scaledContentSize) at \(viewport.contentOffset)")
                failures += 1
            }
        }
        #expect(exercised > Self.cases / 10)
    }

    @Test("a bounds change keeps the zoom (or the minimum) and the visible centre wherever the new limits allow")
    func boundsChangeKeepsCenter() {
        var random = ViewportCaseGenerator(seed: 0x5EED_0005)
        var exercised = 0
        var failures = 0
        for number in 0..<Self.cases where failures < Self.failureLimit {
            var viewport = random.viewport()
            viewport.zoom(to: random.zoomScale(around: viewport), anchoredAt: random.viewPoint(in: viewport))
            let before = viewport
            viewport.changeBoundsSize(to: random.boundsSize())
            let expectedZoom = before.isAtMinimumZoom ? viewport.minimumZoomScale : before.zoomScale
            guard expectedZoom >= viewport.minimumZoomScale, expectedZoom <= viewport.maximumZoomScale else { continue }
            let center = CGPoint(x: before.visibleRect.midX, y: before.visibleRect.midY)
            let wanted = CGPoint(
                x: center.x * viewport.zoomScale - viewport.boundsSize.width / 2,
                y: center.y * viewport.zoomScale - viewport.boundsSize.height / 2)
            guard Self.isStrictlyInside(wanted, viewport) else { continue }
            exercised += 1
            let now = CGPoint(x: viewport.visibleRect.midX, y: viewport.visibleRect.midY)
            let magnitude = Self.magnitude(of: viewport) / viewport.zoomScale
            if viewport.zoomScale != expectedZoom || !ViewportTolerance.isClose(now, center, magnitude: magnitude) {
                Issue.record(
                    "case \(number): zoom \(viewport.zoomScale) for \(expectedZoom), centre \(now) for \(center)")
                failures += 1
            }
        }
        #expect(exercised > Self.cases / 20)
    }

    /// Whether `offset` lies inside the valid range of `viewport` on both axes, away from the
    /// edges where clamping could have acted.
    private static func isStrictlyInside(_ offset: CGPoint, _ viewport: ZoomViewport) -> Bool {
        let lower = viewport.minimumContentOffset
        let upper = viewport.maximumContentOffset
        return offset.x > lower.x && offset.x < upper.x && offset.y > lower.y && offset.y < upper.y
    }

    /// The size of the view space of `viewport`, for tolerances.
    private static func magnitude(of viewport: ZoomViewport) -> CGFloat {
        let scaled = viewport.scaledContentSize
        return max(scaled.width, scaled.height, viewport.boundsSize.width, viewport.boundsSize.height)
    }
}
