import Foundation
import Testing

@testable import AttachmentKit

@Suite("DownloadCoordinator: coalescing and cancellation", SuiteTimeLimit.minutes(2), .inTurn)
struct DownloadCoordinatorTests {
    let full = TransferFixtures.content("full")

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("local content is returned without a transfer")
    func localContent() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("p", status: .complete, localContent: full)
        #expect(try await coordinator.content(for: part) == full)
        let download = await coordinator.download(part)
        #expect(download.state.content == full)
        #expect(part.script.startedCount == 0)
        #expect(await coordinator.activeTransferCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("every caller of one part shares one transfer and gets the same content")
    func coalescing() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("p")
        let downloads = [
            await coordinator.download(part), await coordinator.download(part, priority: .high),
            await coordinator.download(part, priority: .low),
        ]
        #expect(await coordinator.callerCount(of: "p") == 3)
        await part.script.attempt(0).succeed(full)
        for download in downloads { #expect(try await download.content() == full) }
        #expect(part.script.startedCount == 1)
        #expect(await coordinator.activeTransferCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a caller joining a running transfer sees its current progress at once")
    func joinSeesProgress() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("p")
        let first = await coordinator.download(part)
        let attempt = await part.script.attempt(0)
        attempt.report(40, of: 100)
        let second = await coordinator.download(part)
        #expect(second.state.progress == TransferProgress(completedBytes: 40, totalBytes: 100))
        var updates = second.updates().makeAsyncIterator()
        #expect(await updates.next()?.progress == TransferProgress(completedBytes: 40, totalBytes: 100))
        attempt.succeed(full)
        #expect(try await first.content() == full)
        #expect(try await second.content() == full)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a part the chat SDK is already downloading is joined at once, outside the limit, and started once")
    func joinsSDKDownload() async throws {
        let coordinator = TransferFixtures.coordinator(limit: 1)
        let other = ScriptedPart("other")
        let busy = await coordinator.download(other)
        _ = await other.script.attempt(0)
        let part = ScriptedPart("sdk", status: .downloading)
        let first = await coordinator.download(part)
        let second = await coordinator.download(part)
        let attempt = await part.script.attempt(0)
        attempt.succeed(full)
        #expect(try await first.content() == full)
        #expect(try await second.content() == full)
        #expect(part.script.startedCount == 1)
        busy.cancel()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("cancelling one caller removes only that caller; the others get the content")
    func cancelOne() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("p")
        let leaving = await coordinator.download(part)
        let staying = await coordinator.download(part)
        let attempt = await part.script.attempt(0)
        leaving.cancel()
        #expect(await leaving.result().isCancellation)
        #expect(leaving.state.phase == .cancelled)
        #expect(await coordinator.callerCount(of: "p") == 1)
        attempt.succeed(full)
        #expect(try await staying.content() == full)
        #expect(!attempt.wasCancelled)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("cancelling the task of one caller removes only that caller")
    func taskCancellation() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("p")
        let staying = await coordinator.download(part)
        let attempt = await part.script.attempt(0)
        let leaving = Task { try await coordinator.content(for: part) }
        while !Task.isCancelled, await coordinator.callerCount(of: "p") < 2 { await Task.yield() }
        leaving.cancel()
        await #expect(throws: TransferError.self) { try await leaving.cancellableValue }
        #expect(await coordinator.callerCount(of: "p") == 1)
        attempt.succeed(full)
        #expect(try await staying.content() == full)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a caller already cancelled is refused at once: no transfer, no store lookup, no call of the part")
    func alreadyCancelledCaller() async {
        let store = FakeContentStore()
        let coordinator = TransferFixtures.coordinator(store: store)
        let part = ScriptedPart("p")
        let caller = Task { () -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                _ = try await coordinator.content(for: part)
                return false
            } catch {
                return (error as? TransferError)?.isCancellation == true
            }
        }
        #expect(await caller.cancellableValue, "content(for:) did not throw a cancellation")
        // A transfer started by mistake would look the part up in the store before anything
        // else, cancelled or not; waiting for idle lets it run to the end first.
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await store.lookups == 0)
        #expect(part.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("when the last caller leaves, the transfer and the part's download are cancelled")
    func cancelAll() async {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("p")
        let downloads = [await coordinator.download(part), await coordinator.download(part)]
        let attempt = await part.script.attempt(0)
        for download in downloads { download.cancel() }
        await attempt.waitUntilCancelled()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.activeTransferCount == 0)
        #expect(part.script.runningCount == 0)
        for download in downloads { #expect(await download.result().isCancellation) }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a caller after a cancellation starts a new transfer")
    func cancelThenRequest() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("p")
        let first = await coordinator.download(part)
        let firstAttempt = await part.script.attempt(0)
        first.cancel()
        await firstAttempt.waitUntilCancelled()
        let second = await coordinator.download(part)
        await part.script.attempt(1).succeed(full)
        #expect(try await second.content() == full)
        #expect(part.script.startedCount == 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a waiting transfer whose callers all leave never starts")
    func cancelWhileWaiting() async {
        let coordinator = TransferFixtures.coordinator(limit: 1)
        let busyPart = ScriptedPart("busy")
        let busy = await coordinator.download(busyPart)
        _ = await busyPart.script.attempt(0)
        let part = ScriptedPart("p")
        let waiting = await coordinator.download(part)
        #expect(waiting.state.phase == .idle)
        waiting.cancel()
        while !Task.isCancelled, await coordinator.activeTransferCount > 1 { await Task.yield() }
        busy.cancel()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(part.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "progress reported after the download returned is ignored and reported as a diagnostic")
    func lateProgress() async throws {
        let log = DiagnosticsLog()
        let coordinator = TransferFixtures.coordinator(diagnostics: log)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        let attempt = await part.script.attempt(0)
        attempt.succeed(full)
        #expect(try await download.content() == full)
        attempt.report(5, of: 10)
        guard case .illegalTransition(let id, let reason) = try #require(log.all.first) else {
            return #expect(Bool(false), "\(log.all)")
        }
        #expect(id == "p")
        #expect(reason == DownloadStateTransitionError(phase: .completed, event: .progress).description)
        #expect(download.state.content == full)
    }
}
