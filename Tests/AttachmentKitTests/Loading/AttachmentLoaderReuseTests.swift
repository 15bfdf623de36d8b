import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment loader: cell reuse and late results", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentLoaderReuseTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "events a replaced load had already sent never reach the new message, nor does its end (generation token)")
    func lateEventsOfReplacedLoadAreDropped() async throws {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        var shown: [AttachmentLoadState] = []
        // The old message's size part gives its placeholder as soon as its events start: an
        // event already sent when the cell is reused in the same tick.
        loader.load(parts: [PartFactory.size(#"{"width":300,"height":100}"#), ScriptedPart("old")])
        loader.onChange = { shown.append($0) }
        let new = ScriptedPart("new")
        loader.load(parts: [new], fetchingOriginal: true)
        await loader.engine.stoppedRunEnded()
        let attempt = await new.script.attempt(0)
        await Task.yield()
        #expect(shown.allSatisfy { $0.placeholderSize == nil && $0.isLoading })
        attempt.succeed(LoadingFixtures.jpeg(width: 30, height: 60))
        await waitOnMainActor("the new image") { !loader.state.isLoading }
        #expect(loader.state.isShowingOriginal)
        let size = try #require(loader.state.placeholderSize)
        #expect(size.displayedSize.width == 30 && size.displayedSize.height == 60)
        #expect(!shown.contains { $0.placeholderSize?.displayedSize.width == 300 })
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "loading new parts cancels the old message's download and shows only the new one")
    func reuseCancelsOldDownload() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let old = ScriptedPart("old")
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        loader.load(parts: [old], fetchingOriginal: true)
        let attempt = await old.script.attempt(0)
        loader.load(parts: [LoadingFixtures.localOriginal("new")])
        await attempt.waitUntilCancelled()
        attempt.succeed(LoadingFixtures.jpeg(width: 1, height: 1))
        await coordinator.waitUntilIdleUnlessCancelled()
        await waitOnMainActor("the new load to end") { !loader.state.isLoading }
        #expect(loader.state.content == LoadingFixtures.jpeg())
        #expect(loader.state.isShowingOriginal)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("releasing the loader cancels its downloads")
    func releaseCancels() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let part = ScriptedPart("full")
        var loader: CallbackAttachmentLoader? = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        loader?.load(parts: [part], fetchingOriginal: true)
        let attempt = await part.script.attempt(0)
        loader = nil
        await attempt.waitUntilCancelled()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.activeTransferCount == 0)
    }
}
