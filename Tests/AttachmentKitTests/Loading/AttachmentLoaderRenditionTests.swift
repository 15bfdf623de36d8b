import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment loader: the rendition chosen for the displayed size", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentLoaderRenditionTests {
    private typealias Fixtures = RenditionFixtures
    private let message = RenditionMessage()
    private let store = InMemoryContentStore(costLimit: 1 << 20, maximumEntryCost: 1 << 20)

    private func loader(downloadDelay: Double = 0, clock: TransferTestClock = TransferTestClock())
        -> CallbackAttachmentLoader
    {
        let coordinator = TransferFixtures.coordinator(throttle: .none, clock: clock, store: store)
        return CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), downloadDelay: downloadDelay)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "given the displayed size, the loader fetches the smallest rendition that covers it, stored under its own key")
    func fetchesChosenRendition() async throws {
        try message.requireChain()
        let loader = loader()
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        await message.large.1.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.large))
        await waitOnMainActor("the rendition, shown as the final image") { loader.state.isShowingOriginal }
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.large))
        #expect(message.startedCounts == (0, 1, 0))
        #expect(await store.contains(message.large.0.contentKey))
        #expect(await !store.contains(ContentKey(partID: message.original.id)))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a size no rendition covers fetches the original; no size, or an empty one, fetches it as before",
        arguments: [RenditionMessage.wholeScreen, nil, PixelSize.zero])
    func largeOrNoSizeFetchesOriginal(size: PixelSize?) async throws {
        try message.requireChain()
        let loader = loader()
        if let size {
            loader.load(parts: message.parts, displayedPixelSize: size, fetchingOriginal: true)
        } else {
            loader.load(parts: message.parts, fetchingOriginal: true)
        }
        await message.original.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.original))
        await waitOnMainActor("the original") { loader.state.isShowingOriginal }
        #expect(message.startedCounts == (1, 0, 0))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("when the local preview covers the size, nothing is fetched and the preview stays")
    func previewCovers() async throws {
        try message.requireChain()
        let loader = loader()
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.tinyCell, fetchingOriginal: true)
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        guard case .preview = loader.state.phase else {
            Issue.record("phase \(loader.state.phase), expected the preview")
            return
        }
        #expect(loader.state.content != nil)
        #expect(message.startedCounts == (0, 0, 0))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a failed rendition is reported in lastFailure, the phase is not failed, and the next one up is shown")
    func failedRenditionFallsBack() async throws {
        try message.requireChain()
        let loader = loader()
        var failedPhases = 0
        loader.onChange = { state in
            if case .failed = state.phase { failedPhases += 1 }
        }
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        await message.large.1.script.attempt(0).fail(URLError(.badServerResponse))
        let next = await message.extraLarge.1.script.attempt(0)
        await waitOnMainActor("the rendition's failure") { loader.state.lastFailure != nil }
        #expect(loader.state.lastFailure?.partID == message.large.0.part.id)
        #expect(loader.state.lastFailure?.role == .original)
        next.succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await waitOnMainActor("the next one up") { loader.state.isShowingOriginal }
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.extraLarge))
        #expect(message.startedCounts == (0, 1, 1))
        #expect(failedPhases == 0, "a rendition with a next one up never shows the phase failed")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("when every rendition and the original fail, the phase is the original's failure")
    func everyOneFails() async throws {
        try message.requireChain()
        let loader = loader()
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        await message.large.1.script.attempt(0).fail(URLError(.badServerResponse))
        await message.extraLarge.1.script.attempt(0).fail(URLError(.badServerResponse))
        await message.original.script.attempt(0).fail(URLError(.badServerResponse))
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        guard case .failed(let failure) = loader.state.phase else {
            Issue.record("phase \(loader.state.phase), expected failed")
            return
        }
        #expect(failure.partID == message.original.id)
        #expect(loader.state.content != nil)  // the preview stays
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with a download delay, a rendition already stored is shown at once, not held for the delay")
    func storedRenditionIsNotHeld() async throws {
        try message.requireChain()
        _ = try store.store(SyntheticImages.jpeg(width: 1024, height: 768), for: message.large.0.contentKey)
        let clock = TransferTestClock()
        let loader = loader(downloadDelay: 0.1, clock: clock)
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        // The clock never moves: only a rendition that is not held can be shown.
        await waitOnMainActor("the stored rendition") { loader.state.isShowingOriginal }
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.large))
        #expect(message.startedCounts == (0, 0, 0))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the @Observable loader takes the size too and shows the chosen rendition")
    func observableFace() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        try message.requireChain()
        let coordinator = TransferFixtures.coordinator(throttle: .none, store: store)
        let loader = AttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        await message.large.1.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.large))
        await waitOnMainActor("the rendition") { loader.state.isShowingOriginal }
        #expect(loader.content == Fixtures.jpeg(Fixtures.large))
        #expect(message.startedCounts == (0, 1, 0))
    }
}
