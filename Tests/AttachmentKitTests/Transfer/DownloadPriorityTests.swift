import Testing

@testable import AttachmentKit

@Suite("DownloadCoordinator: priority and the concurrency limit")
struct DownloadPriorityTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with a limit of one, waiting transfers start highest priority first, then oldest first",
        .timeLimit(.minutes(1)))
    func order() async throws {
        let coordinator = TransferFixtures.coordinator(limit: 1)
        let parts = ["running", "low", "high", "normal", "high2"].map { ScriptedPart(PartID($0)) }
        let priorities: [DownloadPriority] = [.low, .low, .high, .normal, .high]
        var downloads: [PartDownload] = []
        for (part, priority) in zip(parts, priorities) {
            downloads.append(await coordinator.download(part, priority: priority))
        }
        var started: [PartID] = []
        let expected: [PartID] = ["running", "high", "high2", "normal", "low"]
        for id in expected {
            let part = try #require(parts.first { $0.id == id })
            let attempt = await part.script.attempt(0)
            started.append(id)
            #expect(parts.map(\.script.startedCount).reduce(0, +) == started.count)
            attempt.succeed(TransferFixtures.content(id.rawValue))
        }
        #expect(started == expected)
        for (download, part) in zip(downloads, parts) {
            #expect(try await download.content() == TransferFixtures.content(part.id.rawValue))
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a high-priority caller joining a waiting low-priority transfer moves it ahead", .timeLimit(.minutes(1)))
    func joinRaisesPriority() async throws {
        let coordinator = TransferFixtures.coordinator(limit: 1)
        let running = ScriptedPart("running")
        let low = ScriptedPart("low")
        let normal = ScriptedPart("normal")
        _ = await coordinator.download(running)
        _ = await coordinator.download(low, priority: .low)
        _ = await coordinator.download(normal, priority: .normal)
        _ = await coordinator.download(low, priority: .high)
        await running.script.attempt(0).succeed(TransferFixtures.content("r"))
        let lowAttempt = await low.script.attempt(0)
        #expect(normal.script.startedCount == 0)
        lowAttempt.succeed(TransferFixtures.content("l"))
        await normal.script.attempt(0).succeed(TransferFixtures.content("n"))
        await coordinator.waitUntilIdleUnlessCancelled()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("no more transfers run at once than the limit", .timeLimit(.minutes(1)))
    func limit() async {
        let coordinator = TransferFixtures.coordinator(limit: 2)
        let parts = (0..<5).map { ScriptedPart(PartID("p\($0)")) }
        for part in parts { _ = await coordinator.download(part) }
        _ = await parts[0].script.attempt(0)
        _ = await parts[1].script.attempt(0)
        #expect(parts.map(\.script.startedCount) == [1, 1, 0, 0, 0])
        for (index, part) in parts.enumerated() {
            await part.script.attempt(0).succeed(TransferFixtures.content("\(index)"))
            #expect(parts.map(\.script.runningCount).reduce(0, +) <= 2)
        }
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(parts.map(\.script.startedCount) == [1, 1, 1, 1, 1])
    }
}
