import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite(
    "Attachment prefetcher: it warms the rendition the loader will read for the same size", SuiteTimeLimit.minutes(2),
    .inTurn)
struct AttachmentPrefetcherRenditionTests {
    private typealias Fixtures = RenditionFixtures
    private let message = RenditionMessage()
    private let store = InMemoryContentStore(costLimit: 1 << 20, maximumEntryCost: 1 << 20)
    private var resolver: AttachmentResolver {
        AttachmentResolver(downloads: TransferFixtures.coordinator(throttle: .none, store: store))
    }

    /// Prefetches the message for `size` (the download answered with `content`) and waits for
    /// the drain.
    private func prefetch(
        for size: PixelSize, with resolver: AttachmentResolver, answering download: ScriptedPart,
        with content: PartContent
    ) async {
        let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingOriginal: true)
        var drained = false
        prefetcher.onDrained = { drained = true }
        prefetcher.startPrefetching([message.parts], displayedPixelSize: size)
        await download.script.attempt(0).succeed(content)
        await waitOnMainActor("the prefetch to drain") { drained }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "prefetching for a size warms the chosen rendition's key; loading for that size then makes no request")
    func warmsTheRenditionTheLoaderReads() async throws {
        try message.requireChain()
        let resolver = resolver
        await prefetch(
            for: RenditionMessage.largeCell, with: resolver, answering: message.large.1,
            with: Fixtures.jpeg(Fixtures.large))
        #expect(await store.contains(message.large.0.contentKey))
        #expect(await !store.contains(ContentKey(partID: message.original.id)))
        let loader = CallbackAttachmentLoader(resolver: resolver)
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        await waitOnMainActor("the warmed rendition") { loader.state.isShowingOriginal }
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.large))
        #expect(message.startedCounts == (0, 1, 0))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "prefetching for a size no rendition covers warms the original, which the loader then reads")
    func warmsTheOriginalWhenNeeded() async throws {
        try message.requireChain()
        let resolver = resolver
        await prefetch(
            for: RenditionMessage.wholeScreen, with: resolver, answering: message.original,
            with: Fixtures.jpeg(Fixtures.original))
        #expect(await store.contains(ContentKey(partID: message.original.id)))
        #expect(await !store.contains(message.large.0.contentKey))
        let loader = CallbackAttachmentLoader(resolver: resolver)
        loader.load(
            parts: message.parts, displayedPixelSize: RenditionMessage.wholeScreen, fetchingOriginal: true)
        await waitOnMainActor("the warmed original") { loader.state.isShowingOriginal }
        #expect(message.startedCounts == (1, 0, 0))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a cell that opens a message while its rendition is being prefetched joins that download")
    func loaderJoinsRunningRenditionPrefetch() async throws {
        try message.requireChain()
        let resolver = resolver
        let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingOriginal: true)
        prefetcher.startPrefetching([message.parts], displayedPixelSize: RenditionMessage.largeCell)
        let download = await message.large.1.script.attempt(0)
        let loader = CallbackAttachmentLoader(resolver: resolver)
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        await waitOnMainActor("the loader to join at its priority") {
            prefetcher.runningCount == 1 && loader.state.isLoading
        }
        while await resolver.downloads.priority(of: message.large.0.part.id) != .normal, !Task.isCancelled {
            await Task.yield()
        }
        download.succeed(Fixtures.jpeg(Fixtures.large))
        await waitOnMainActor("the rendition") { loader.state.isShowingOriginal }
        #expect(message.startedCounts == (0, 1, 0))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("prefetching for a size the local preview covers asks for nothing")
    func previewCoversPrefetchesNothing() async throws {
        try message.requireChain()
        let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingOriginal: true)
        var drained = false
        prefetcher.onDrained = { drained = true }
        prefetcher.startPrefetching([message.parts], displayedPixelSize: RenditionMessage.tinyCell)
        await waitOnMainActor("the prefetch to drain") { drained }
        #expect(message.startedCounts == (0, 0, 0))
    }
}
