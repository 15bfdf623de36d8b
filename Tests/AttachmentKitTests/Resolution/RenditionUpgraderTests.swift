import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite(
    "Rendition.Upgrader: the next rendition up while zooming, fetched once, swapped in without a jump",
    SuiteTimeLimit.minutes(2), .inTurn)
struct RenditionUpgraderTests {
    private typealias Fixtures = RenditionFixtures
    private let coordinator = TransferFixtures.coordinator(throttle: .none)
    private let large = Fixtures.scripted(Fixtures.large)
    private let extraLarge = Fixtures.scripted(Fixtures.extraLarge)
    private let original = Fixtures.scripted(Fixtures.original, id: "photo")
    private let upgrades = UpgradeLog()

    private func makeUpgrader(
        onUpgrade: @escaping @MainActor (Rendition, PartContent) -> Void = { _, _ in }
    ) -> Rendition.Upgrader {
        let log = upgrades
        return Rendition.Upgrader(
            renditions: [original.0, extraLarge.0, large.0], showing: large.0,
            resolver: AttachmentResolver(downloads: coordinator)
        ) { rendition, content in
            log.entries.append(rendition)
            onUpgrade(rendition, content)
        }
    }

    /// A 375 × 667 viewer at screen scale 2, laid out at the original's size: 750 px wide at the
    /// minimum, so the 1024 rendition covers it.
    private func viewer() -> ZoomViewport {
        ZoomViewport(boundsSize: CGSize(width: 375, height: 667), pixelSize: Fixtures.original, screenScale: 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "zooming past the shown rendition fetches exactly the next one up, once, and hands it over")
    func zoomPastFetchesNextOnce() async throws {
        let upgrader = makeUpgrader()
        var viewport = viewer()
        #expect(upgrader.displayedSizeChanged(to: viewport.displayedPixelSize) == nil)
        viewport.zoom(by: 1.2)  // 900 px wide: still covered by 1024
        #expect(upgrader.displayedSizeChanged(to: viewport.displayedPixelSize) == nil)
        viewport.zoom(by: 1.5)  // 1350 px wide: needs 2048
        try #require(upgrader.displayedSizeChanged(to: viewport.displayedPixelSize) == extraLarge.0)
        for factor in [1.1, 1.05, 1.1] as [CGFloat] {  // still within 2048: the same fetch goes on
            viewport.zoom(by: factor)
            try #require(upgrader.displayedSizeChanged(to: viewport.displayedPixelSize) == extraLarge.0)
        }
        let task = upgrader.fetchTask
        await extraLarge.1.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await task?.cancellableValue
        #expect(upgrades.entries == [extraLarge.0])
        #expect(upgrader.shown == extraLarge.0 && upgrader.fetching == nil)
        #expect(extraLarge.1.script.startedCount == 1)
        #expect(large.1.script.startedCount == 0 && original.1.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the swap keeps the picture's frame on screen and the visible region of the picture")
    func swapKeepsVisibleRegion() async throws {
        // Laid out at the 1024 rendition's own size, with room to zoom past its native scale.
        var viewport = ZoomViewport(
            boundsSize: CGSize(width: 375, height: 667), pixelSize: Fixtures.large, screenScale: 2,
            policy: .aspectFit(guaranteedZoomRange: 8))
        viewport.zoom(to: 0.7, anchoredAt: CGPoint(x: 120, y: 400))  // 1433 px wide: past 1024
        let before = viewport
        var swapped: ZoomViewport?
        let upgrader = makeUpgrader { rendition, _ in
            var copy = viewport
            copy.replaceContent(with: rendition)
            swapped = copy
        }
        try #require(upgrader.displayedSizeChanged(to: viewport.displayedPixelSize) == extraLarge.0)
        let task = upgrader.fetchTask
        await extraLarge.1.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await task?.cancellableValue
        let after = try #require(swapped)
        #expect(after.pixelSize == Fixtures.extraLarge)
        let tolerance: CGFloat = 1e-9
        for (old, new) in [
            (before.imageFrame.minX, after.imageFrame.minX), (before.imageFrame.minY, after.imageFrame.minY),
            (before.imageFrame.width, after.imageFrame.width), (before.imageFrame.height, after.imageFrame.height),
            (before.contentOffset.x, after.contentOffset.x), (before.contentOffset.y, after.contentOffset.y),
            (before.zoomScale / 2, after.zoomScale),
            (before.visibleRect.minX * 2, after.visibleRect.minX),
            (before.visibleRect.minY * 2, after.visibleRect.minY),
            (before.visibleRect.width * 2, after.visibleRect.width),
            (before.displayedPixelSize.width, after.displayedPixelSize.width),
        ] {
            #expect(abs(old - new) <= tolerance * max(1, abs(old)), "\(old) became \(new)")
        }
        // Laid out at the original's size, the swap changes nothing at all.
        var atOriginal = viewer()
        atOriginal.zoom(by: 2, anchoredAt: CGPoint(x: 50, y: 90))
        let unchanged = atOriginal
        atOriginal.replaceContent(with: extraLarge.0)
        #expect(atOriginal == unchanged)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("zooming back and forth downloads each rendition once")
    func backAndForth() async throws {
        let upgrader = makeUpgrader()
        let small = PixelSize(width: 800, height: 600)
        let big = PixelSize(width: 1800, height: 1350)
        try #require(upgrader.displayedSizeChanged(to: big) == extraLarge.0)
        let attempt = await extraLarge.1.script.attempt(0)
        try #require(upgrader.displayedSizeChanged(to: small) == extraLarge.0)  // zooming out keeps the fetch
        try #require(upgrader.displayedSizeChanged(to: big) == extraLarge.0)
        let task = upgrader.fetchTask
        attempt.succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await task?.cancellableValue
        for size in [small, big, small, big] {
            #expect(upgrader.displayedSizeChanged(to: size) == nil)
        }
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(extraLarge.1.script.startedCount == 1)
        #expect(upgrades.entries == [extraLarge.0])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("dismissing the image cancels the upgrade's download and hands nothing over")
    func cancelOnDismiss() async throws {
        let upgrader = makeUpgrader()
        try #require(upgrader.displayedSizeChanged(to: PixelSize(width: 1800, height: 1350)) == extraLarge.0)
        let attempt = await extraLarge.1.script.attempt(0)
        let task = upgrader.fetchTask
        upgrader.cancel()
        await attempt.waitUntilCancelled()
        await task?.cancellableValue
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(upgrades.entries.isEmpty && upgrader.fetching == nil && upgrader.shown == large.0)
        #expect(await coordinator.activeTransferCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("releasing the upgrader cancels its download too")
    func releaseCancels() async throws {
        var upgrader: Rendition.Upgrader? = makeUpgrader()
        try #require(upgrader?.displayedSizeChanged(to: PixelSize(width: 1800, height: 1350)) == extraLarge.0)
        let attempt = await extraLarge.1.script.attempt(0)
        upgrader = nil
        await attempt.waitUntilCancelled()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(upgrades.entries.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a larger need replaces a smaller fetch; a failed rendition gives way to the next one up")
    func replaceAndFailure() async throws {
        let upgrader = Rendition.Upgrader(
            renditions: [large.0, extraLarge.0, original.0],
            resolver: AttachmentResolver(downloads: coordinator)
        ) { [upgrades] rendition, _ in upgrades.entries.append(rendition) }
        try #require(upgrader.displayedSizeChanged(to: PixelSize(width: 900, height: 675)) == large.0)
        let first = await large.1.script.attempt(0)
        try #require(upgrader.displayedSizeChanged(to: PixelSize(width: 1800, height: 1350)) == extraLarge.0)
        await first.waitUntilCancelled()
        let task = upgrader.fetchTask
        await extraLarge.1.script.attempt(0).fail(URLError(.badServerResponse))
        await task?.cancellableValue
        #expect(upgrader.fetching == original.0)
        let next = upgrader.fetchTask
        await original.1.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.original))
        await next?.cancellableValue
        #expect(upgrades.entries == [original.0])
        #expect(upgrader.displayedSizeChanged(to: PixelSize(width: 1800, height: 1350)) == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "no renditions, an empty size or content that fails the check never hands anything over")
    func badInput() async throws {
        let empty = Rendition.Upgrader(renditions: []) { _, _ in Issue.record("nothing to hand over") }
        #expect(empty.displayedSizeChanged(to: PixelSize(width: 5000, height: 5000)) == nil)
        let upgrader = makeUpgrader()
        #expect(upgrader.displayedSizeChanged(to: .zero) == nil)
        #expect(upgrader.displayedSizeChanged(to: PixelSize(width: .nan, height: 1e9)) == nil)
        try #require(upgrader.displayedSizeChanged(to: PixelSize(width: 1800, height: 1350)) == extraLarge.0)
        let task = upgrader.fetchTask
        await extraLarge.1.script.attempt(0).succeed(.data(Data("not an image".utf8)))
        await task?.cancellableValue
        #expect(upgrader.fetching == original.0)  // the next one up, since 2048 failed the check
        upgrader.cancel()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(upgrades.entries.isEmpty)
    }
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the original shown by other means cancels a smaller fetch, and nothing is asked after it")
    func showOriginal() async throws {
        let upgrader = makeUpgrader()
        try #require(upgrader.displayedSizeChanged(to: PixelSize(width: 1800, height: 1350)) == extraLarge.0)
        let attempt = await extraLarge.1.script.attempt(0)
        upgrader.show(original.0)
        await attempt.waitUntilCancelled()
        #expect(upgrader.fetching == nil && upgrader.shown == original.0)
        #expect(upgrader.displayedSizeChanged(to: PixelSize(width: 9000, height: 9000)) == nil)
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(upgrades.entries.isEmpty && extraLarge.1.script.startedCount == 1)
    }
}

/// The renditions an upgrader handed over, in order.
@MainActor
final class UpgradeLog {
    var entries: [Rendition] = []
}
