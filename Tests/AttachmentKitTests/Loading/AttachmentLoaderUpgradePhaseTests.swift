import Foundation
import Testing

@testable import AttachmentKit

/// The phase a loader publishes while a size change fetches a larger rendition, as
/// ``AttachmentLoadState/Phase`` and ``AttachmentLoadState/isLoading`` document it.
@MainActor
@Suite("Attachment loader: the phase during a size change's fetch", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentLoaderUpgradePhaseTests {
    private typealias Fixtures = RenditionFixtures
    private let message = RenditionMessage()
    private let store = InMemoryContentStore(costLimit: 1 << 20, maximumEntryCost: 1 << 20)

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "until the larger one's first progress (its start held by the download delay) the phase stays original, loading"
    )
    func originalAndLoadingUntilFirstProgress() async throws {
        try message.requireChain()
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(throttle: .none, clock: clock, store: store)
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0.1)
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        await clock.waitForSleepers(1)
        clock.advance(by: 0.1)
        await message.large.1.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.large))
        await waitOnMainActor("the 1024 rendition") { loader.state.isShowingOriginal && !loader.state.isLoading }

        loader.displayedPixelSizeChanged(to: RenditionMessage.largerCell)
        #expect(loader.state.isShowingOriginal, "the 1024 rendition is still what is shown")
        #expect(loader.state.isLoading, "isLoading is what says that more is coming")
        await clock.waitForSleepers(1)  // the new run's download delay: its request is held
        #expect(message.extraLarge.1.script.startedCount == 0)
        #expect(loader.state.isShowingOriginal && loader.state.isLoading)
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.large))

        clock.advance(by: 0.1)
        let attempt = await message.extraLarge.1.script.attempt(0)
        await waitOnMainActor("the larger one's first progress") {
            if case .downloading = loader.state.phase { return true }
            return false
        }
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.large))
        attempt.succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await waitOnMainActor("the 2048 rendition") { loader.state.isShowingOriginal && !loader.state.isLoading }
        #expect(loader.state.shownPartID == message.extraLarge.0.part.id)
    }
}
