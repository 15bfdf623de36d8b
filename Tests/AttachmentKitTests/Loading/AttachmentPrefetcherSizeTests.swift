import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment prefetcher: a message started again with a larger size", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentPrefetcherSizeTests {
    private typealias Fixtures = RenditionFixtures
    private let message = RenditionMessage()
    /// Holds the prefetcher's only slot while `message` waits.
    private let blocker = ScriptedPart("blocker")

    /// A prefetcher with one slot, `blocker` running in it.
    private func prefetcherWithBusySlot() async -> (AttachmentPrefetcher, ScriptedAttempt) {
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator(throttle: .none))
        let prefetcher = AttachmentPrefetcher(
            resolver: resolver, maximumConcurrentPrefetches: 1, fetchingOriginal: true)
        prefetcher.startPrefetching([[blocker]])
        return (prefetcher, await blocker.script.attempt(0))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a waiting message started again with a larger size fetches the rendition for it, not the smaller one")
    func waitingMessageTakesLargerSize() async throws {
        try message.requireChain()
        let (prefetcher, blocking) = await prefetcherWithBusySlot()
        prefetcher.startPrefetching([message.parts], displayedPixelSize: RenditionMessage.largeCell)
        prefetcher.startPrefetching([message.parts], displayedPixelSize: RenditionMessage.largerCell)
        #expect(prefetcher.waitingCount == 1, "one entry, which keeps its place")
        blocking.succeed(LoadingFixtures.jpeg())
        await message.extraLarge.1.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await waitOnMainActor("the prefetch to end") { prefetcher.runningCount == 0 && prefetcher.waitingCount == 0 }
        #expect(message.startedCounts == (0, 0, 1))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a waiting message started again with a smaller size keeps its larger one; a running one keeps its own")
    func smallerSizeAndRunningKeepTheirs() async throws {
        try message.requireChain()
        let (prefetcher, blocking) = await prefetcherWithBusySlot()
        prefetcher.startPrefetching([message.parts], displayedPixelSize: RenditionMessage.largerCell)
        prefetcher.startPrefetching([message.parts], displayedPixelSize: RenditionMessage.largeCell)
        blocking.succeed(LoadingFixtures.jpeg())
        let extraLarge = await message.extraLarge.1.script.attempt(0)
        prefetcher.startPrefetching([message.parts], displayedPixelSize: RenditionMessage.wholeScreen)
        extraLarge.succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await waitOnMainActor("the prefetch to end") { prefetcher.runningCount == 0 && prefetcher.waitingCount == 0 }
        #expect(message.startedCounts == (0, 0, 1))
    }
}
