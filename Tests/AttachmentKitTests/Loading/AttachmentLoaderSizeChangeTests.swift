import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite(
    "Attachment loader: the displayed size changes (rotation, split view, a resized cell)", SuiteTimeLimit.minutes(2),
    .inTurn)
struct AttachmentLoaderSizeChangeTests {
    private typealias Fixtures = RenditionFixtures
    /// Other device pixels that the 2048 rendition covers and the 1024 one does not.
    private static let otherLargerCell = PixelSize(width: 1900, height: 1400)
    private let message = RenditionMessage()
    private let store = InMemoryContentStore(costLimit: 1 << 20, maximumEntryCost: 1 << 20)

    private func loader() -> CallbackAttachmentLoader {
        let coordinator = TransferFixtures.coordinator(throttle: .none, store: store)
        return CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
    }

    /// A loader that shows the 1024 rendition, loaded for ``RenditionMessage/largeCell``.
    private func loaderShowingLarge() async -> CallbackAttachmentLoader {
        let loader = loader()
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        await message.large.1.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.large))
        await waitOnMainActor("the 1024 rendition") { loader.state.isShowingOriginal && !loader.state.isLoading }
        return loader
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a size that needs a larger rendition keeps the shown one on screen while the larger downloads, then swaps it in"
    )
    func upgradeDoesNotFlash() async throws {
        try message.requireChain()
        let loader = await loaderShowingLarge()
        #expect(loader.state.shownPartID == message.large.0.part.id)
        var published: [AttachmentLoadState] = []
        loader.onChange = { published.append($0) }
        loader.displayedPixelSizeChanged(to: RenditionMessage.largerCell)
        let attempt = await message.extraLarge.1.script.attempt(0)
        attempt.report(10, of: 100)
        await waitOnMainActor("the larger one's progress") {
            if case .downloading = loader.state.phase { return true }
            return false
        }
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.large))
        attempt.succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await waitOnMainActor("the 2048 rendition") { loader.state.isShowingOriginal && !loader.state.isLoading }
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.extraLarge))
        #expect(loader.state.shownPartID == message.extraLarge.0.part.id)
        #expect(!published.isEmpty)
        #expect(published.allSatisfy { $0.content != nil }, "the cell never shows nothing during the update")
        #expect(message.startedCounts == (0, 1, 1))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the larger rendition is fetched once, however often sizes that need it are given, during and after its download"
    )
    func upgradeFetchesOnce() async throws {
        try message.requireChain()
        let loader = await loaderShowingLarge()
        loader.displayedPixelSizeChanged(to: RenditionMessage.largerCell)
        let attempt = await message.extraLarge.1.script.attempt(0)
        var published = 0
        loader.onChange = { _ in published += 1 }
        loader.displayedPixelSizeChanged(to: RenditionMessage.largerCell)
        loader.displayedPixelSizeChanged(to: Self.otherLargerCell)
        #expect(published == 0, "no new run: the one running fetches what the size needs")
        #expect(!attempt.wasCancelled)
        attempt.succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await waitOnMainActor("the 2048 rendition") { loader.state.isShowingOriginal && !loader.state.isLoading }
        loader.displayedPixelSizeChanged(to: Self.otherLargerCell)
        loader.displayedPixelSizeChanged(to: RenditionMessage.largerCell)
        #expect(!loader.state.isLoading, "what is shown covers the size: nothing starts")
        #expect(message.startedCounts == (0, 1, 1))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a smaller size fetches nothing and keeps what is shown, whether the load has ended or is downloading")
    func downgradeFetchesNothing() async throws {
        try message.requireChain()
        let shown = await loaderShowingLarge()
        var published = 0
        shown.onChange = { _ in published += 1 }
        shown.displayedPixelSizeChanged(to: RenditionMessage.tinyCell)
        #expect(published == 0)
        #expect(shown.state.content == Fixtures.jpeg(Fixtures.large))
        #expect(shown.state.shownPartID == message.large.0.part.id)

        let other = RenditionMessage()
        let downloading = loader()
        downloading.load(
            parts: other.parts, displayedPixelSize: RenditionMessage.wholeScreen, fetchingOriginal: true)
        let attempt = await other.original.script.attempt(0)
        downloading.onChange = { _ in published += 1 }
        downloading.displayedPixelSizeChanged(to: RenditionMessage.largeCell)
        #expect(published == 0, "the original's download goes on; no smaller one is asked for")
        attempt.succeed(Fixtures.jpeg(Fixtures.original))
        await waitOnMainActor("the original") { downloading.state.isShowingOriginal && !downloading.state.isLoading }
        #expect(other.startedCounts == (1, 0, 0))
        #expect(message.startedCounts == (0, 1, 0))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a rapid sequence of sizes ends with the largest one needed; the replaced fetches are cancelled and never shown"
    )
    func rapidSequence() async throws {
        try message.requireChain()
        let loader = loader()
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        let large = await message.large.1.script.attempt(0)
        // The local preview is shown first (it reaches the main actor on its own hop, which may
        // come after the download has started); from then on the cell must never show nothing.
        await waitOnMainActor("the preview") { loader.state.content != nil }
        var published: [AttachmentLoadState] = []
        loader.onChange = { published.append($0) }
        loader.displayedPixelSizeChanged(to: RenditionMessage.largerCell)
        let extraLarge = await message.extraLarge.1.script.attempt(0)
        loader.displayedPixelSizeChanged(to: RenditionMessage.wholeScreen)
        loader.displayedPixelSizeChanged(to: RenditionMessage.largeCell)
        loader.displayedPixelSizeChanged(to: Self.otherLargerCell)
        let original = await message.original.script.attempt(0)
        await large.waitUntilCancelled()
        await extraLarge.waitUntilCancelled()
        // Their results come late: neither may be shown.
        large.succeed(Fixtures.jpeg(Fixtures.large))
        extraLarge.succeed(Fixtures.jpeg(Fixtures.extraLarge))
        original.succeed(Fixtures.jpeg(Fixtures.original))
        await waitOnMainActor("the original") { loader.state.isShowingOriginal && !loader.state.isLoading }
        await loader.engine.stoppedRunEnded()
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.original))
        #expect(loader.state.shownPartID == message.original.id)
        let stale = [Fixtures.jpeg(Fixtures.large), Fixtures.jpeg(Fixtures.extraLarge)]
        #expect(!published.contains { state in stale.contains { $0 == state.content } })
        #expect(
            published.allSatisfy { $0.content != nil },
            "published with nothing to show: \(published.filter { $0.content == nil }.map(\.phase))")
        #expect(message.startedCounts == (1, 1, 1))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a larger one that fails, and every one after it, leaves the shown rendition and its phase, the failure reported"
    )
    func failedUpgradeKeepsShown() async throws {
        try message.requireChain()
        let loader = await loaderShowingLarge()
        loader.displayedPixelSizeChanged(to: RenditionMessage.largerCell)
        await message.extraLarge.1.script.attempt(0).fail(URLError(.badServerResponse))
        await message.original.script.attempt(0).fail(URLError(.badServerResponse))
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        #expect(loader.state.isShowingOriginal)
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.large))
        #expect(loader.state.lastFailure?.partID == message.original.id)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a size change cancelled mid-download, or made after cancel(), is fetched by retry(), what is shown kept")
    func cancelledSizeChangeIsRetried() async throws {
        try message.requireChain()
        let loader = await loaderShowingLarge()
        loader.displayedPixelSizeChanged(to: RenditionMessage.largerCell)
        let first = await message.extraLarge.1.script.attempt(0)
        loader.cancel()
        await first.waitUntilCancelled()
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.large))
        loader.displayedPixelSizeChanged(to: RenditionMessage.wholeScreen)
        #expect(!loader.state.isLoading, "a cancelled loader keeps the size for its next run")
        loader.retry()
        await message.original.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.original))
        await waitOnMainActor("the original") { loader.state.isShowingOriginal && !loader.state.isLoading }
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.original))
        #expect(message.startedCounts == (1, 1, 1))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the @Observable loader takes a size change during its first download: the preview stays, the larger replaces it"
    )
    func observableFace() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        try message.requireChain()
        let coordinator = TransferFixtures.coordinator(throttle: .none, store: store)
        let loader = AttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        let large = await message.large.1.script.attempt(0)
        // The preview's publish reaches the main actor on its own hop, which may come after the
        // download has started (seen in CI): the size change is made once it is shown.
        await waitOnMainActor("the preview") { loader.state.shownPartID == "preview" }
        loader.displayedPixelSizeChanged(to: RenditionMessage.largerCell)
        #expect(loader.state.shownPartID == "preview")
        await large.waitUntilCancelled()
        await message.extraLarge.1.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await waitOnMainActor("the 2048 rendition") { loader.state.isShowingOriginal && !loader.state.isLoading }
        #expect(loader.content == Fixtures.jpeg(Fixtures.extraLarge))
        #expect(message.startedCounts == (0, 1, 1))
    }
}
