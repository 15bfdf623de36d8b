import Foundation
import Testing

@testable import AttachmentKit

/// What ``AttachmentLoader/disappear()`` under ``AttachmentDisappearancePolicy/lowerPriority``
/// does with a request the download delay still holds: it stays held while the cell is away,
/// however long, and the delay counts again from ``AttachmentLoader/appear()``; a download that
/// had started goes on at low priority.
@MainActor
@Suite(
    "Attachment loader: a request held by the download delay when the cell disappears", SuiteTimeLimit.minutes(2),
    .inTurn
)
struct AttachmentLoaderHeldDisappearTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a held request does not start while the cell is away; after appear it starts, a delay later, at the loader's priority"
    )
    func heldRequestWaitsForAppear() async throws {
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(throttle: .none, clock: clock)
        let held = ScriptedPart("held")
        let loader = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), disappearance: .lowerPriority, downloadDelay: 0.1)
        loader.load(parts: [held], fetchingOriginal: true)
        await clock.waitForSleepers(1)
        clock.advance(by: 0.05)
        loader.disappear()
        clock.advance(by: 60)
        for _ in 0..<100 { await Task.yield() }
        // A require, so that a wrong start fails here instead of waiting below for a delay never
        // scheduled again.
        try #require(held.script.startedCount == 0, "away, the held request never starts, even at low priority")
        #expect(await coordinator.activeTransferCount == 0)
        #expect(loader.state.isLoading, "the load is still on: it waits for the cell to come back")

        loader.appear()
        await clock.waitForSleepers(1)
        clock.advance(by: 0.05)
        for _ in 0..<100 { await Task.yield() }
        #expect(held.script.startedCount == 0, "the delay counts again from appear")
        clock.advance(by: 0.05)
        let attempt = await held.script.attempt(0)
        await waitOnMainActor("the download registered") { loader.engine.control?.registeredDownloadCount == 1 }
        #expect(await coordinator.priority(of: "held") == .normal)
        attempt.succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the original") { loader.state.isShowingOriginal }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a download released before the cell disappears goes on at low priority while it is away")
    func releasedDownloadKeepsRunningLow() async {
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(throttle: .none, clock: clock)
        let full = ScriptedPart("full")
        let loader = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), disappearance: .lowerPriority, downloadDelay: 0.1)
        loader.load(parts: [full], fetchingOriginal: true)
        await clock.waitForSleepers(1)
        clock.advance(by: 0.1)
        let attempt = await full.script.attempt(0)
        await waitOnMainActor("the download registered") { loader.engine.control?.registeredDownloadCount == 1 }
        loader.disappear()
        await loader.engine.priorityChangesApplied()
        #expect(await coordinator.priority(of: "full") == .low)
        #expect(!attempt.wasCancelled)
        attempt.succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the original, though the cell is away") { loader.state.isShowingOriginal }
    }
}
