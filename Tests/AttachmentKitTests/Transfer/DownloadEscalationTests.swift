import Testing

@testable import AttachmentKit

@Suite(
    "DownloadCoordinator: a caller joining a running transfer raises its priority", SuiteTimeLimit.minutes(2), .inTurn)
struct DownloadEscalationTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a low-priority prefetch that is running is escalated when the user opens the image at high priority")
    func escalatesRunningTransfer() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = PriorityProbePart("photo")
        let prefetch = await coordinator.download(part, priority: .low)
        await part.probe.waitUntilStarted()
        #expect(await coordinator.priority(of: "photo") == .low)
        let opened = await coordinator.download(part, priority: .high)
        #expect(await coordinator.priority(of: "photo") == .high)
        part.probe.release()
        _ = try await opened.content()
        _ = try await prefetch.content()
        let priority = try #require(part.probe.priorityAfterRelease)
        // Before the 2025 systems, Apple platforms escalate once a waiting task runs: not
        // deterministic, so only checked where escalation happens before `download` returns.
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            #expect(priority >= DownloadPriority.high.taskPriority)
        }
        #expect(await coordinator.priority(of: "photo") == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a caller of lower or equal priority leaves a running transfer's priority as it is")
    func noEscalationDownwards() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = PriorityProbePart("photo")
        let first = await coordinator.download(part, priority: .normal)
        await part.probe.waitUntilStarted()
        let second = await coordinator.download(part, priority: .low)
        #expect(await coordinator.priority(of: "photo") == .normal)
        part.probe.release()
        _ = try await first.content()
        _ = try await second.content()
        let priority = try #require(part.probe.priorityAfterRelease)
        #expect(priority < DownloadPriority.high.taskPriority)
    }
}
