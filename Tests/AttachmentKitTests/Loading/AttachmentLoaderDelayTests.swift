import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment loader: a download delay for fast scrolls")
struct AttachmentLoaderDelayTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with a delay, the download starts only after the cell has been on screen that long, counted from appear",
        .timeLimit(.minutes(1)))
    func startsAfterDelay() async {
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(throttle: .none, clock: clock)
        let full = ScriptedPart("full")
        let loader = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0.1)
        loader.load(parts: [LoadingFixtures.localPreview(), full], fetchingFullResolution: true)
        await waitOnMainActor("the local preview, at once") { loader.state.content != nil }
        await clock.waitForSleepers(1)
        loader.disappear()
        loader.appear()
        await clock.waitForSleepers(1)
        for _ in 0..<100 { await Task.yield() }
        #expect(full.script.startedCount == 0)
        #expect(await coordinator.activeTransferCount == 0)
        clock.advance(by: 0.1)
        await full.script.attempt(0).succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the original") { loader.state.isShowingOriginal }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a cell reused before its delay is over never asks for its old part", .timeLimit(.minutes(1)))
    func reusedBeforeDelay() async {
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(throttle: .none, clock: clock)
        let old = ScriptedPart("old")
        let loader = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0.1)
        loader.load(parts: [old], fetchingFullResolution: true)
        await clock.waitForSleepers(1)
        loader.load(parts: [LoadingFixtures.localOriginal("new")])
        await waitOnMainActor("the new image") { loader.state.isShowingOriginal }
        clock.advance(by: 1)
        for _ in 0..<100 { await Task.yield() }
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(old.script.startedCount == 0)
    }
}
