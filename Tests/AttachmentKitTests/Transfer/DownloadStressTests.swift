import Foundation
import Testing

@testable import AttachmentKit

@Suite("DownloadCoordinator: stress", SuiteTimeLimit.minutes(2), .inTurn)
struct DownloadStressTests {
    /// What one caller of the random schedule does.
    enum Behaviour: CaseIterable {
        case awaitContent, cancelExplicitly, cancelTask, watchUpdates
    }

    struct Caller {
        let part: Int
        let priority: DownloadPriority
        let behaviour: Behaviour
        let yields: Int
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "thousands of callers joining and leaving at random: no hang, right content, nothing left running",
        arguments: [1 as UInt64, 2, 3])
    func randomSchedule(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let parts = (0..<16).map { index in
            ScriptedPart(
                PartID("part-\(index)"),
                script: DownloadScript(
                    automatic: .init(content: TransferFixtures.content("content-\(index)"), steps: 1 + index % 5)))
        }
        let callers = (0..<3_000).map { _ in
            Caller(
                part: Int.random(in: 0..<parts.count, using: &random),
                priority: DownloadPriority.allCases.randomElement(using: &random) ?? .normal,
                behaviour: Behaviour.allCases.randomElement(using: &random) ?? .awaitContent,
                yields: Int.random(in: 0..<8, using: &random))
        }
        let coordinator = DownloadCoordinator(configuration: .init(maximumConcurrentTransfers: 3))
        let outcomes = await withTaskGroup(of: (Int, Bool, Result<PartContent, TransferError>).self) { group in
            for (index, caller) in callers.enumerated() {
                let part = parts[caller.part]
                group.addTask {
                    let (cancelled, result) = await Self.run(caller, part: part, coordinator: coordinator)
                    return (index, cancelled, result)
                }
            }
            var outcomes: [(Int, Bool, Result<PartContent, TransferError>)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.count == callers.count)
        var delivered = 0
        for (index, cancelled, result) in outcomes {
            let expected = TransferFixtures.content("content-\(callers[index].part)")
            switch result {
            case .success(let content):
                #expect(content == expected)
                delivered += 1
            case .failure(let error):
                #expect(cancelled, "caller \(index) did not cancel but got \(error)")
                #expect(error.isCancellation)
            }
        }
        #expect(delivered >= callers.filter { $0.behaviour == .awaitContent || $0.behaviour == .watchUpdates }.count)
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.activeTransferCount == 0)
        #expect(parts.allSatisfy { $0.script.runningCount == 0 })
        #expect(parts.map(\.script.startedCount).reduce(0, +) < callers.count)
    }

    /// Runs one caller; returns whether it cancelled, and what it got.
    private static func run(_ caller: Caller, part: ScriptedPart, coordinator: DownloadCoordinator) async -> (
        Bool, Result<PartContent, TransferError>
    ) {
        switch caller.behaviour {
        case .awaitContent:
            do {
                return (false, .success(try await coordinator.content(for: part, priority: caller.priority)))
            } catch {
                return (false, .failure(error))
            }
        case .cancelExplicitly:
            let download = await coordinator.download(part, priority: caller.priority)
            for _ in 0..<caller.yields { await Task.yield() }
            download.cancel()
            return (true, await download.result())
        case .cancelTask:
            let task = Task { try await coordinator.content(for: part, priority: caller.priority) }
            for _ in 0..<caller.yields { await Task.yield() }
            task.cancel()
            do {
                return (true, .success(try await task.valueAsDownload()))
            } catch {
                return (true, .failure(error))
            }
        case .watchUpdates:
            let download = await coordinator.download(part, priority: caller.priority)
            var last: PartDownload.State = .idle
            for await state in download.updates() { last = state }
            return (false, last.content.map { .success($0) } ?? .failure(.cancelled(part.id)))
        }
    }
}

extension Task where Success == PartContent, Failure == any Error {
    /// The task's value, with its error as the ``TransferError`` the coordinator throws.
    fileprivate func valueAsDownload() async throws(TransferError) -> PartContent {
        do {
            return try await cancellableValue
        } catch let error as TransferError {
            throw error
        } catch {
            throw .failed("unexpected", attempts: 0, underlying: error)
        }
    }
}
