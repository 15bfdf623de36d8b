import Testing

@testable import AttachmentKit

@Suite("DownloadCoordinator: priority and the concurrency limit", SuiteTimeLimit.minutes(2), .inTurn)
struct DownloadPriorityTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with a limit of one, waiting transfers start highest priority first, then oldest first")
    func order() async throws {
        let coordinator = TransferFixtures.coordinator(limit: 1)
        // One script for every part: its attempts are numbered in the order they started,
        // whichever part they belong to, so the order is read rather than waited for.
        let script = DownloadScript()
        let parts = ["running", "low", "high", "normal", "high2"].map { ScriptedPart(PartID($0), script: script) }
        let priorities: [DownloadPriority] = [.low, .low, .high, .normal, .high]
        var downloads: [PartDownload] = []
        for (part, priority) in zip(parts, priorities) {
            downloads.append(await coordinator.download(part, priority: priority))
        }
        var started: [PartID] = []
        for index in parts.indices {
            let attempt = await script.attempt(index)
            started.append(attempt.partID)
            #expect(script.runningCount == 1, "more than one transfer ran with a limit of one")
            attempt.succeed(TransferFixtures.content(attempt.partID.rawValue))
        }
        #expect(started == ["running", "high", "high2", "normal", "low"])
        for (download, part) in zip(downloads, parts) {
            #expect(try await download.content() == TransferFixtures.content(part.id.rawValue))
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a high-priority caller joining a waiting low-priority transfer moves it ahead")
    func joinRaisesPriority() async throws {
        let coordinator = TransferFixtures.coordinator(limit: 1)
        let script = DownloadScript()
        let running = ScriptedPart("running", script: script)
        let low = ScriptedPart("low", script: script)
        let normal = ScriptedPart("normal", script: script)
        _ = await coordinator.download(running)
        _ = await coordinator.download(low, priority: .low)
        _ = await coordinator.download(normal, priority: .normal)
        _ = await coordinator.download(low, priority: .high)
        await script.attempt(0).succeed(TransferFixtures.content("r"))
        let second = await script.attempt(1)
        #expect(second.partID == "low")
        #expect(script.startedCount == 2)
        second.succeed(TransferFixtures.content("second"))
        let third = await script.attempt(2)
        #expect(third.partID == "normal")
        third.succeed(TransferFixtures.content("third"))
        await coordinator.waitUntilIdleUnlessCancelled()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("no more transfers run at once than the limit")
    func limit() async {
        let coordinator = TransferFixtures.coordinator(limit: 2)
        let script = DownloadScript()
        let parts = (0..<5).map { ScriptedPart(PartID("p\($0)"), script: script) }
        for part in parts { _ = await coordinator.download(part) }
        var running = [await script.attempt(0), await script.attempt(1)]
        #expect(script.startedCount == 2)
        var started = running.map(\.partID)
        for index in 2..<5 {
            running.removeFirst().succeed(TransferFixtures.content("\(index)"))
            let next = await script.attempt(index)
            running.append(next)
            started.append(next.partID)
            #expect(script.runningCount <= 2)
        }
        for attempt in running { attempt.succeed(TransferFixtures.content(attempt.partID.rawValue)) }
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(script.startedCount == 5)
        #expect(Set(started) == Set(parts.map(\.id)))
    }
}
