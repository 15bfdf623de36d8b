#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// The idle timeout and the total deadline are AttachmentKit's own, whatever URLSession does
/// with its timeouts.
///
/// The watchdog runs on a clock the tests move on by hand, once the server has sent what each
/// test waits for, so no test waits out a timeout and a slow machine can't make bytes come
/// "after" one; one test keeps the system clock, end to end. The server holds each stalled
/// connection until the timed-out download has closed it, and is stopped only then (see
/// ``RemoteFaultServer/waitUntilBrokenOff(_:)``).
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteTimeoutTests {
    let content = RemoteTestContent.bytes(10_000, seed: 9)

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a stall before the headers is timedOut(.idle)")
    func stallBeforeHeaders() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/f": [.init(status: 200, ops: [.hold, .head, .slice(0, 10_000)])]])
        defer { server.stop() }
        let download = try ClockedDownload(
            server.url("/f"), configuration: RemoteTestHarness.configuration(idleTimeout: 2))
        defer { download.task.cancel() }
        try await waitUntil("the request at the server") { !server.requests(to: "/f").isEmpty }
        let result = try await download.result(afterAdvancingBy: 2)
        #expect(RemoteTestHarness.remoteError(result) == .timedOut(.idle))
        #expect(await download.harness.stored().content == nil)
        try await server.waitUntilBrokenOff("/f")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a stall mid-body is timedOut(.idle) and keeps the bytes received for resuming")
    func stallMidBody() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"s\""], ["Content-Length", "10000"]],
                        ops: [.slice(0, 4000), .hold, .slice(4000, 10_000)])
                ]
            ])
        defer { server.stop() }
        let download = try ClockedDownload(
            server.url("/f"), configuration: RemoteTestHarness.configuration(idleTimeout: 2))
        defer { download.task.cancel() }
        // The idle period starts once the bytes are in, however long they took to come.
        try await download.harness.waitForPartial(atLeast: 4000)
        let result = try await download.result(afterAdvancingBy: 2)
        #expect(RemoteTestHarness.remoteError(result) == .timedOut(.idle))
        #expect(await download.harness.stored().content == nil)
        let kept = await download.harness.stored().partialBytes
        #expect(kept == 4000)
        #expect(RetryPolicy.default.classify(RemotePartError.timedOut(.idle)) == .retryable(after: nil))
        try await server.waitUntilBrokenOff("/f")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a body that trickles within the idle timeout but past the deadline is timedOut(.total)")
    func trickle() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"t\""], ["Content-Length", "10000"]],
                        ops: [.trickle(0, 10_000, every: 0.05)])
                ]
            ])
        defer { server.stop() }
        let download = try ClockedDownload(
            server.url("/f"), configuration: RemoteTestHarness.configuration(idleTimeout: 7, totalTimeout: 12))
        defer { download.task.cancel() }
        // Three steps of 3 s, each after a new byte reached the partial file: never 7 s without
        // one, 9 s in all. (The file lags the arrivals a little: a byte seen there may have come
        // before the last step, so the idle limit allows two steps.)
        var received: Int64 = 0
        for step in 1...3 {
            try await download.harness.waitForPartial(atLeast: received + 1)
            received = await download.harness.stored().partialBytes ?? 0
            let ended = try await download.advance(by: 3)
            try #require(!ended, "the download ended \(3 * step) s in, within both limits")
        }
        try await download.harness.waitForPartial(atLeast: received + 1)
        // The fourth step reaches the 12 s deadline, 3 s after the last byte.
        let result = try await download.result(afterAdvancingBy: 3)
        #expect(RemoteTestHarness.remoteError(result) == .timedOut(.total))
        #expect(await download.harness.stored().content == nil)
        try await server.waitUntilBrokenOff("/f")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "through a coordinator whose store keeps no partial downloads, the timeouts run on its clock too")
    func stallWithoutAPartialStore() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/f": [.init(status: 200, ops: [.hold, .head, .slice(0, 10_000)])]])
        defer { server.stop() }
        let download = try ClockedDownload(
            server.url("/f"), configuration: RemoteTestHarness.configuration(idleTimeout: 2), inMemory: true)
        defer { download.task.cancel() }
        try await waitUntil("the request at the server") { !server.requests(to: "/f").isEmpty }
        let result = try await download.result(afterAdvancingBy: 2)
        #expect(RemoteTestHarness.remoteError(result) == .timedOut(.idle))
        try await server.waitUntilBrokenOff("/f")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("on the system clock, a stall before the headers is timedOut(.idle)")
    func stallOnTheSystemClock() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/f": [.init(status: 200, ops: [.hold, .head, .slice(0, 10_000)])]])
        defer { server.stop() }
        // The deadline ends the download if the idle timeout doesn't; far enough that a watchdog
        // a loaded machine holds back still sees the idle timeout first.
        let harness = try RemoteTestHarness(
            configuration: RemoteTestHarness.configuration(idleTimeout: 1, totalTimeout: 240))
        let result = await harness.download(harness.part(server.url("/f")))
        #expect(RemoteTestHarness.remoteError(result) == .timedOut(.idle))
        #expect(await harness.stored().content == nil)
        try await server.waitUntilBrokenOff("/f")
    }
}

/// A download through a ``RemoteTestHarness`` whose coordinator runs on a
/// ``TransferTestClock``, started at once; with `inMemory`, through a coordinator on the same
/// clock over an ``InMemoryContentStore`` instead (it keeps no partial downloads).
private struct ClockedDownload {
    let clock = TransferTestClock()
    let harness: RemoteTestHarness
    let task: Task<Result<PartContent, TransferError>, Never>
    private let ended = LockedState(false)

    init(_ url: URL, configuration: RemotePart.Configuration, inMemory: Bool = false) throws {
        let harness = try RemoteTestHarness(configuration: configuration, clock: clock)
        let coordinator = DownloadCoordinator(
            store: InMemoryContentStore(), configuration: .init(retryPolicy: .never, clock: clock))
        let ended = ended
        self.harness = harness
        task = Task {
            defer { ended.withLock { $0 = true } }
            guard inMemory else { return await harness.download(harness.part(url)) }
            do throws(TransferError) {
                return .success(try await coordinator.content(for: harness.part(url)))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Moves the clock on by `seconds` once the watchdog sleeps on it, and waits until the
    /// watchdog has looked at the new time: returns `true` when the download ended, `false`
    /// when the watchdog slept again (no limit passed).
    func advance(by seconds: Double) async throws -> Bool {
        await clock.waitForSleepers()
        let looks = clock.sleepRequests.count
        clock.advance(by: seconds)
        try await waitUntil("the download to end or the watchdog to sleep again") {
            ended.withLock { $0 } || clock.sleepRequests.count > looks
        }
        return ended.withLock { $0 }
    }

    /// Moves the clock on by `seconds` (see ``advance(by:)``) and returns the download's result.
    ///
    /// A watchdog that sleeps again has let the limit pass: the clock is then moved past every
    /// limit, so that the download ends at once with another error, and the test fails on that
    /// error instead of at its time limit.
    func result(afterAdvancingBy seconds: Double) async throws -> Result<PartContent, TransferError> {
        if try await !advance(by: seconds) {
            Issue.record("the watchdog slept again \(seconds) s on: no limit passed")
            clock.advance(by: 1_000_000)
        }
        return await task.cancellableValue
    }
}
#endif
