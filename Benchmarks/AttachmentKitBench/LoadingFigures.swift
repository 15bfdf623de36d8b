import AttachmentKit
import Foundation

/// Figures for the loader: its overhead over iterating the events directly, and a simulated
/// fast scroll of a list (see `LoadingScrollSimulation.swift`).
let loadingFigures: [Figure] = [
    Figure(name: "loader-local-preview-overhead") {
        let (loader, events) = await LoaderOverhead.measure(iterations: 300, samples: 21)
        return FigureResult(
            value: loader * 1e6, unit: "us/preview", baseline: events * 1e6, target: .ratioAtMost(1.2))
    },
    Figure(name: "scroll-transfers-started") {
        let result = await ScrollSimulation.run()
        return FigureResult(
            value: Double(result.transfersStarted), unit: "transfers",
            baseline: Double(result.partsVisibleHalfSecond), target: .ratioAtMost(2))
    },
    Figure(name: "scroll-peak-concurrent-transfers") {
        let result = await ScrollSimulation.run()
        return FigureResult(
            value: Double(result.peakConcurrentTransfers), unit: "transfers",
            baseline: Double(ScrollSimulation.transferLimit), target: .ratioAtMost(1))
    },
    Figure(name: "scroll-main-actor-p99") {
        let result = await ScrollSimulation.run()
        return FigureResult(
            value: result.loaderMillisecondsPerFrameP99, unit: "ms/frame",
            baseline: ScrollSimulation.frameMilliseconds, target: .valueAtMost(1))
    },
]

/// Time from `load` to a published local preview, against iterating
/// ``AttachmentResolver/events(for:fetchingOriginal:priority:)`` to its preview.
@MainActor
enum LoaderOverhead {
    /// A message whose only image is a local preview: no download.
    nonisolated static let parts: [any MessagePart] = [
        LocalPart(
            id: "preview", mimeType: .imageJPEGPreview,
            content: .data(
                Data([
                    0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x03, 0x00, 0x04, 0x03, 0x01, 0x11, 0x00, 0x02,
                    0x11, 0x00, 0x03, 0x11, 0x00, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12,
                    0x34, 0xFF, 0xD9,
                ])))
    ]

    /// Median seconds per preview through the loader and through the events, `samples` of
    /// each in alternation (so that both see the same load), `iterations` previews a sample.
    static func measure(iterations: Int, samples: Int) async -> (loader: Double, events: Double) {
        let resolver = AttachmentResolver(downloads: DownloadCoordinator())
        var loaderSamples: [Double] = []
        var eventSamples: [Double] = []
        for _ in 0..<samples {
            loaderSamples.append(await throughLoader(resolver, iterations: iterations) / Double(iterations))
            eventSamples.append(await throughEvents(resolver, iterations: iterations) / Double(iterations))
        }
        return (Measure.median(loaderSamples), Measure.median(eventSamples))
    }

    /// Seconds summed over the iterations from `events(for:)` to the preview in the loop.
    private static func throughEvents(_ resolver: AttachmentResolver, iterations: Int) async -> Double {
        var total = 0.0
        for _ in 0..<iterations {
            let stopwatch = Stopwatch()
            for await event in resolver.events(for: parts) {
                if case .preview = event {
                    total += stopwatch.seconds
                    break
                }
            }
        }
        return total
    }

    /// Seconds summed over the iterations from `load` to the preview's `onChange` (the wait
    /// for the next iteration, a hop of the benchmark's own, is not counted).
    private static func throughLoader(_ resolver: AttachmentResolver, iterations: Int) async -> Double {
        let loader = CallbackAttachmentLoader(resolver: resolver)
        let (previews, continuation) = AsyncStream.makeStream(of: Void.self)
        var stopwatch: Stopwatch?
        var total = 0.0
        loader.onChange = { state in
            if let started = stopwatch, state.content != nil {
                total += started.seconds
                stopwatch = nil
                continuation.yield()
            }
        }
        var arrivals = previews.makeAsyncIterator()
        for _ in 0..<iterations {
            stopwatch = Stopwatch()
            loader.load(parts: parts)
            _ = await arrivals.next()
        }
        loader.reset()
        return total
    }
}
