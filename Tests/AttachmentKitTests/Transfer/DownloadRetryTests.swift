import Foundation
import Testing

@testable import AttachmentKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("DownloadCoordinator: retry", SuiteTimeLimit.minutes(2), .inTurn)
struct DownloadRetryTests {
    let full = TransferFixtures.content("full")
    let clock = TransferTestClock()
    let policy = RetryPolicy(maximumAttempts: 3, initialDelay: 1, multiplier: 2, maximumDelay: 10, jitter: 0)

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "transient failures are retried after the back-off, on the injected clock, and then succeed")
    func transientThenSuccess() async throws {
        let log = DiagnosticsLog()
        let coordinator = TransferFixtures.coordinator(retry: policy, clock: clock, diagnostics: log)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).fail(URLError(.timedOut))
        await clock.waitForSleepers()
        #expect(download.state.phase == .downloading)
        clock.advance(by: 1)
        await part.script.attempt(1).fail(HTTPStatusError(statusCode: 503))
        await clock.waitForSleepers()
        clock.advance(by: 2)
        await part.script.attempt(2).succeed(full)
        #expect(try await download.content() == full)
        #expect(clock.sleepRequests == [1, 2])
        #expect(log.all.count == 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 429 waits the Retry-After the server asked for")
    func retryAfter() async throws {
        let coordinator = TransferFixtures.coordinator(retry: policy, clock: clock)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).fail(HTTPStatusError(statusCode: 429, retryAfter: 7))
        await clock.waitForSleepers()
        clock.advance(by: 6.5)
        #expect(part.script.startedCount == 1)
        clock.advance(by: 0.5)
        await part.script.attempt(1).succeed(full)
        #expect(try await download.content() == full)
        #expect(clock.sleepRequests == [7])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a final error fails at once, naming the part, the attempts and the cause")
    func finalFailure() async {
        let coordinator = TransferFixtures.coordinator(retry: policy, clock: clock)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).fail(HTTPStatusError(statusCode: 404))
        guard case .failure(.failed(let id, let attempts, let underlying)) = await download.result() else {
            return #expect(Bool(false), "not a failure: \(download.state)")
        }
        #expect(id == "p")
        #expect(attempts == 1)
        #expect(underlying as? HTTPStatusError == HTTPStatusError(statusCode: 404))
        #expect(download.state.phase == .failed)
        #expect(clock.sleepRequests.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("retries stop after the maximum number of attempts")
    func exhausted() async {
        let coordinator = TransferFixtures.coordinator(
            retry: RetryPolicy(maximumAttempts: 2, initialDelay: 1, jitter: 0), clock: clock)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).fail(URLError(.networkConnectionLost))
        await clock.waitForSleepers()
        clock.advance(by: 1)
        await part.script.attempt(1).fail(URLError(.networkConnectionLost))
        guard case .failure(.failed(_, let attempts, _)) = await download.result() else {
            return #expect(Bool(false), "not a failure: \(download.state)")
        }
        #expect(attempts == 2)
        #expect(part.script.startedCount == 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an explicit retry after a final failure downloads again and delivers the content")
    func explicitRetry() async throws {
        let coordinator = TransferFixtures.coordinator(clock: clock)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).fail(HTTPStatusError(statusCode: 500))
        #expect(await download.result().content == nil)
        await download.retry()
        #expect(download.state.phase != .failed)
        let observer = RecordingObserver()
        download.addObserver(observer)
        await part.script.attempt(1).succeed(full)
        #expect(try await download.content() == full)
        await observer.waitUntilFinished()
        #expect(observer.results.map(\.content) == [full])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("retry is rejected unless the download failed")
    func retryNeedsFailure() async throws {
        let coordinator = TransferFixtures.coordinator(clock: clock)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        #expect(await download.retry() == false, "a download that is idle can't retry")
        await part.script.attempt(0).succeed(full)
        _ = await download.result()
        #expect(await download.retry() == false, "a download that is completed can't retry")
        #expect(part.script.startedCount == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("cancelling during the back-off stops the retry")
    func cancelDuringBackoff() async {
        let coordinator = TransferFixtures.coordinator(retry: policy, clock: clock)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).fail(URLError(.timedOut))
        await clock.waitForSleepers()
        download.cancel()
        await coordinator.waitUntilIdleUnlessCancelled()
        clock.advance(by: 100)
        #expect(part.script.startedCount == 1)
        #expect(await download.result().isCancellation)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a caller that ended before its retry reached the coordinator starts no transfer")
    func endedCallerStartsNothing() async {
        let coordinator = TransferFixtures.coordinator(clock: clock)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).fail(HTTPStatusError(statusCode: 500))
        _ = await download.result()
        download.cancel()  // failed is terminal: nothing changes
        #expect(download.state.phase == .failed)
        let ended = PartDownload(part: part, priority: .normal, coordinator: coordinator)
        ended.cancel()
        await coordinator.attach(ended)
        #expect(await coordinator.activeTransferCount == 0)
        #expect(part.script.startedCount == 1)
    }
}
