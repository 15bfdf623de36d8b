import AttachmentKit
import Foundation

/// Figures for the zoom viewport: millions of operations per second, on one core, for each
/// ``ZoomViewport`` operation. The baseline, measured in the same run over the same inputs, is
/// the seed's approach written by hand: the aspect-fit scale from two `CGSize`s, the zoom
/// clamped into it, and the centring inset, carrying the zoom from one call to the next as a
/// view controller does in `scrollViewDidZoom` (so, like the viewport, it cannot be
/// vectorised). The target is on the value: at least 10 million operations per second each.
let viewportFigures: [Figure] = [
    viewportFigure("viewport-create") { inputs, _, index in
        let viewport = ZoomViewport(
            boundsSize: inputs.bounds[index], pixelSize: inputs.pixels[index], screenScale: 2)
        return viewport.zoomScale + viewport.contentOffset.y
    },
    viewportFigure("viewport-pinch") { inputs, viewport, index in
        viewport.zoom(to: inputs.scales[index], anchoredAt: inputs.points[index])
        return viewport.contentOffset.x
    },
    viewportFigure("viewport-zoom-to-rect") { inputs, viewport, index in
        viewport.zoom(to: inputs.rects[index])
        return viewport.contentOffset.x
    },
    viewportFigure("viewport-double-tap") { inputs, viewport, index in
        viewport.doubleTap(at: inputs.points[index]) == .zoomedIn ? viewport.contentOffset.x : viewport.zoomScale
    },
    viewportFigure("viewport-bounds-change") { inputs, viewport, index in
        viewport.changeBoundsSize(to: inputs.bounds[index])
        return viewport.contentOffset.y
    },
    viewportFigure("viewport-replace-content") { inputs, viewport, index in
        viewport.replaceContent(pixelSize: inputs.pixels[index])
        return viewport.contentOffset.y
    },
    viewportFigure("viewport-scroll") { inputs, viewport, index in
        viewport.scroll(to: inputs.offsets[index])
        return viewport.contentOffset.x
    },
    viewportFigure("viewport-update-from-scroll-view") { inputs, viewport, index in
        viewport.update(zoomScale: inputs.scales[index], contentOffset: inputs.offsets[index])
        return viewport.contentOffset.x
    },
    viewportFigure("viewport-convert-point") { inputs, viewport, index in
        viewport.imagePoint(forViewPoint: inputs.points[index]).x
    },
]

/// Pre-computed varied inputs, so that the optimiser cannot fold a loop into one call.
private struct ViewportInputs: Sendable {
    static let count = 1024
    var bounds: [CGSize] = []
    var pixels: [PixelSize] = []
    var scales: [CGFloat] = []
    var points: [CGPoint] = []
    var rects: [CGRect] = []
    var offsets: [CGPoint] = []

    init() {
        for index in 0..<Self.count {
            let step = CGFloat(index)
            let portrait = index.isMultiple(of: 2)
            bounds.append(
                portrait ? CGSize(width: 375, height: 667 + step / 8) : CGSize(width: 667 + step / 8, height: 375))
            pixels.append(PixelSize(width: 3000 + step, height: portrait ? 4000 : 2000 + step))
            scales.append(0.05 + step / 1024 * 0.5)
            points.append(
                CGPoint(
                    x: step.truncatingRemainder(dividingBy: 375), y: (step * 7).truncatingRemainder(dividingBy: 667)))
            rects.append(CGRect(x: step * 2, y: step * 3, width: 200 + step, height: 300 + step))
            offsets.append(CGPoint(x: step * 1.5 - 100, y: step * 2 - 100))
        }
    }
}

/// A figure timing `operation` on a zoomed photo viewport over varied inputs, against the
/// hand-written baseline.
private func viewportFigure(
    _ name: String, _ operation: @escaping @Sendable (ViewportInputs, inout ZoomViewport, Int) -> CGFloat
) -> Figure {
    Figure(name: name) {
        let inputs = ViewportInputs()
        let iterations = 2_000_000
        let start = ZoomViewport(
            boundsSize: CGSize(width: 375, height: 667), pixelSize: PixelSize(width: 3000, height: 4000), screenScale: 2
        )
        let measured = Measure.medianSeconds {
            var viewport = start
            var checksum: CGFloat = 0
            for iteration in 0..<iterations {
                checksum += operation(inputs, &viewport, iteration & (ViewportInputs.count - 1))
            }
            keep(checksum)
        }
        // The baseline goes through a closure too, so that both loops pay the same call.
        let baselineOperation = handWrittenZoom
        let baseline = Measure.medianSeconds {
            var zoom: CGFloat = 0.125
            var checksum: CGFloat = 0
            for iteration in 0..<iterations {
                checksum += baselineOperation(inputs, &zoom, iteration & (ViewportInputs.count - 1))
            }
            keep(checksum)
        }
        return FigureResult(
            value: Double(iterations) / measured / 1e6, unit: "Mops/s", baseline: Double(iterations) / baseline / 1e6,
            target: .valueAtLeast(10))
    }
}

/// The seed's approach by hand: the aspect-fit minimum, the new zoom clamped into
/// `minimum...0.5`, and the centring inset at that zoom.
private let handWrittenZoom: @Sendable (ViewportInputs, inout CGFloat, Int) -> CGFloat = { inputs, zoom, index in
    let bounds = inputs.bounds[index]
    let image = inputs.pixels[index]
    let minimum = min(bounds.width / image.width, bounds.height / image.height)
    zoom = min(max(inputs.scales[index] + zoom / 1024, minimum), 0.5)
    let insetX = max(0, (bounds.width - image.width * zoom) / 2)
    let insetY = max(0, (bounds.height - image.height * zoom) / 2)
    return insetX + insetY
}

/// Keeps a loop's checksum alive: the optimiser may drop a call to a function it sees has no
/// effect, but not a print it cannot rule out.
@inline(never)
private func keep(_ checksum: CGFloat) {
    if checksum.bitPattern == 0x7FF8_0000_DEAD_BEEF { print(checksum) }
}
