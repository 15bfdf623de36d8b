import Testing

@testable import AttachmentKit

@Suite("DownloadCoordinator: a caller's priority changed while its transfer runs", SuiteTimeLimit.minutes(2), .inTurn)
struct DownloadPriorityChangeTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("lowering the only caller lowers the transfer, raising it again raises it")
    func lowerAndRaise() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = PriorityProbePart("photo")
        let download = await coordinator.download(part, priority: .normal)
        await part.probe.waitUntilStarted()
        await coordinator.setPriority(.low, of: download)
        #expect(download.priority == .low)
        #expect(await coordinator.priority(of: "photo") == .low)
        await coordinator.setPriority(.high, of: download)
        #expect(await coordinator.priority(of: "photo") == .high)
        part.probe.release()
        _ = try await download.content()
        #expect(await coordinator.priority(of: "photo") == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("lowering one caller leaves the transfer at another caller's higher priority")
    func otherCallerKeepsPriority() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = PriorityProbePart("photo")
        let cell = await coordinator.download(part, priority: .normal)
        let viewer = await coordinator.download(part, priority: .normal)
        await coordinator.setPriority(.low, of: cell)
        #expect(await coordinator.priority(of: "photo") == .normal)
        await coordinator.setPriority(.low, of: viewer)
        #expect(await coordinator.priority(of: "photo") == .low)
        cell.cancel()
        // The counts stay those of the callers: the one left is low.
        #expect(await coordinator.priority(of: "photo") == .low)
        part.probe.release()
        _ = try await viewer.content()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a lowered transfer waiting for a slot starts after a normal one that came later")
    func loweredWaitsBehind() async throws {
        let coordinator = TransferFixtures.coordinator(limit: 1)
        let busy = PriorityProbePart("busy")
        let first = PriorityProbePart("first")
        let second = PriorityProbePart("second")
        let running = await coordinator.download(busy, priority: .normal)
        await busy.probe.waitUntilStarted()
        let lowered = await coordinator.download(first, priority: .normal)
        let later = await coordinator.download(second, priority: .normal)
        await coordinator.setPriority(.low, of: lowered)
        busy.probe.release()
        _ = try await running.content()
        await second.probe.waitUntilStarted()
        let firstState = await coordinator.state(of: "first")
        if case .idle = firstState {} else { Issue.record("the lowered transfer is \(firstState), expected idle") }
        second.probe.release()
        first.probe.release()
        _ = try await later.content()
        _ = try await lowered.content()
    }
}
