import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment prefetcher: limits, stops and completion", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentPrefetcherTests {
    private static func prefetcher(_ coordinator: DownloadCoordinator, limit: Int = 2) -> AttachmentPrefetcher {
        AttachmentPrefetcher(
            resolver: AttachmentResolver(downloads: coordinator), maximumConcurrentPrefetches: limit,
            fetchingOriginal: true)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("500 starts and stops in the same tick make no request for the stopped parts")
    func startsAndStopsInOneTick() async {
        let coordinator = TransferFixtures.coordinator(limit: 8)
        let prefetcher = Self.prefetcher(coordinator)
        var drained = 0
        prefetcher.onDrained = { drained += 1 }
        let parts = (0..<500).map { ScriptedPart(PartID("part-\($0)")) }
        for part in parts.prefix(250) {
            prefetcher.startPrefetching([[part]])
            prefetcher.stopPrefetching([[part]])
        }
        prefetcher.startPrefetching(parts.suffix(250).map { [$0] })
        prefetcher.stopPrefetching(parts.suffix(250).map { [$0] })
        // One drain, reported after the turn: not one per start and stop.
        #expect(drained == 0)
        await prefetcher.tasksEnded()
        await coordinator.waitUntilIdleUnlessCancelled()
        await waitOnMainActor("the drain report") { drained == 1 }
        #expect(parts.map(\.script.startedCount).reduce(0, +) == 0)
        #expect(prefetcher.runningCount == 0 && prefetcher.waitingCount == 0)
        await Task.yield()
        #expect(drained == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "at most two messages run at once, at low priority; completion fires once all have finished")
    func limitAndCompletion() async {
        let coordinator = TransferFixtures.coordinator(limit: 8)
        let prefetcher = Self.prefetcher(coordinator)
        var drained = 0
        prefetcher.onDrained = { drained += 1 }
        let parts = (0..<4).map { ScriptedPart(PartID("part-\($0)")) }
        prefetcher.startPrefetching(parts.map { [$0] })
        #expect(prefetcher.runningCount == 2 && prefetcher.waitingCount == 2)
        let first = await parts[0].script.attempt(0)
        let second = await parts[1].script.attempt(0)
        #expect(await coordinator.priority(of: "part-0") == .low)
        #expect(parts[2].script.startedCount == 0)
        first.succeed(LoadingFixtures.jpeg())
        second.succeed(LoadingFixtures.jpeg())
        await parts[2].script.attempt(0).succeed(LoadingFixtures.jpeg())
        await parts[3].script.attempt(0).succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the queue to drain") { drained == 1 }
        #expect(parts.map(\.script.startedCount) == [1, 1, 1, 1])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "stopping a running prefetch cancels its download; completion fires once for the stop, once for later work")
    func stopRunning() async {
        let coordinator = TransferFixtures.coordinator()
        let prefetcher = Self.prefetcher(coordinator)
        var drained = 0
        prefetcher.onDrained = { drained += 1 }
        let part = ScriptedPart("photo")
        prefetcher.startPrefetching([[part]])
        let attempt = await part.script.attempt(0)
        prefetcher.stopAll()
        await waitOnMainActor("completion for the stop") { drained == 1 }
        await attempt.waitUntilCancelled()
        await prefetcher.tasksEnded()
        await Task.yield()
        #expect(drained == 1)
        // New work after a drain drains again.
        let next = ScriptedPart("next")
        prefetcher.startPrefetching([[next]])
        await next.script.attempt(0).succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("completion for the finish") { drained == 2 }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("while paused nothing starts; unpausing starts the waiting messages")
    func pause() async {
        let coordinator = TransferFixtures.coordinator()
        let prefetcher = Self.prefetcher(coordinator)
        prefetcher.isPaused = true
        let part = ScriptedPart("photo")
        prefetcher.startPrefetching([[part], [part]])
        #expect(prefetcher.runningCount == 0 && prefetcher.waitingCount == 1)
        prefetcher.isPaused = false
        await part.script.attempt(0).succeed(LoadingFixtures.jpeg())
        await prefetcher.tasksEnded()
        #expect(part.script.startedCount == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a part being prefetched and then opened by the user is escalated, not downloaded twice")
    func openedWhilePrefetching() async {
        let coordinator = TransferFixtures.coordinator()
        let prefetcher = Self.prefetcher(coordinator)
        let part = ScriptedPart("photo")
        prefetcher.startPrefetching([[part]])
        let attempt = await part.script.attempt(0)
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: coordinator))
        loader.priority = .high
        loader.load(parts: [part], fetchingOriginal: true)
        await waitUntilCallers(2, of: "photo", in: coordinator)
        #expect(await coordinator.priority(of: "photo") == .high)
        attempt.succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the original") { loader.state.isShowingOriginal }
        #expect(part.script.startedCount == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("changing the prefetcher's priority moves its running downloads")
    func priorityChange() async {
        let coordinator = TransferFixtures.coordinator()
        let prefetcher = Self.prefetcher(coordinator)
        let part = ScriptedPart("photo")
        prefetcher.startPrefetching([[part]])
        let attempt = await part.script.attempt(0)
        prefetcher.priority = .high
        prefetcher.priority = .normal
        while await coordinator.priority(of: "photo") != .normal, !Task.isCancelled { await Task.yield() }
        for _ in 0..<100 { await Task.yield() }
        // Of two changes in a row the last wins, whichever order their tasks ran in.
        #expect(await coordinator.priority(of: "photo") == .normal)
        attempt.succeed(LoadingFixtures.jpeg())
        await prefetcher.tasksEnded()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a prefetcher the app forgot to retain leaves no transfer running")
    func releaseCancels() async {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("photo")
        var prefetcher: AttachmentPrefetcher? = Self.prefetcher(coordinator)
        prefetcher?.startPrefetching([[part]])
        let attempt = await part.script.attempt(0)
        prefetcher = nil
        await attempt.waitUntilCancelled()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.activeTransferCount == 0)
    }

    private func waitUntilCallers(_ count: Int, of partID: PartID, in coordinator: DownloadCoordinator) async {
        while await coordinator.callerCount(of: partID) < count, !Task.isCancelled { await Task.yield() }
    }
}
