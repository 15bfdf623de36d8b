import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment loader: a download delay for fast scrolls", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentLoaderDelayTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with a delay, the download starts only after the cell has been on screen that long, counted from appear")
    func startsAfterDelay() async throws {
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(throttle: .none, clock: clock)
        let full = ScriptedPart("full")
        try ResolverChoice.require([LoadingFixtures.localPreview(), full], preview: "preview", original: "full")
        let loader = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0.1)
        loader.load(parts: [LoadingFixtures.localPreview(), full], fetchingOriginal: true)
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
    @Test("a cell reused before its delay is over never asks for its old part")
    func reusedBeforeDelay() async {
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(throttle: .none, clock: clock)
        let old = ScriptedPart("old")
        let loader = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0.1)
        loader.load(parts: [old], fetchingOriginal: true)
        await clock.waitForSleepers(1)
        loader.load(parts: [LoadingFixtures.localOriginal("new")])
        await waitOnMainActor("the new image") { loader.state.isShowingOriginal }
        clock.advance(by: 1)
        for _ in 0..<100 { await Task.yield() }
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(old.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with the default delay, a cell on screen for less than it asks for nothing and one on screen longer starts exactly one transfer"
    )
    func onlyCellsThatStayStart() async {
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(throttle: .none, clock: clock)
        let resolver = AttachmentResolver(downloads: coordinator)
        let passing = ScriptedPart("passing")
        let staying = ScriptedPart("staying")
        let passingCell = CallbackAttachmentLoader(resolver: resolver)
        let stayingCell = CallbackAttachmentLoader(resolver: resolver)
        passingCell.load(parts: [passing], fetchingOriginal: true)
        passingCell.appear()
        stayingCell.load(parts: [staying], fetchingOriginal: true)
        stayingCell.appear()
        // Both delays on the clock; a download instead means there is no delay, and fails below.
        await waitOnMainActor("the two cells' delays on the clock") {
            clock.sleepRequests.count >= 2 || passing.script.startedCount + staying.script.startedCount > 0
        }
        clock.advance(by: 0.05)
        passingCell.disappear()
        clock.advance(by: 0.06)
        await staying.script.attempt(0).succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the staying cell's original") { stayingCell.state.isShowingOriginal }
        clock.advance(by: 10)
        for _ in 0..<100 { await Task.yield() }
        #expect(passing.script.startedCount == 0)
        #expect(staying.script.startedCount == 1)
        #expect(await coordinator.activeTransferCount == 0)
        #expect(passingCell.state.isLoading, "the passing cell's download is held, not ended")
    }
}
