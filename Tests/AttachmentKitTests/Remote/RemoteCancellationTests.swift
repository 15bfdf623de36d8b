#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// Cancelling a remote download at every phase: it ends at once, is never retried, writes
/// nothing after it returns, and keeps the partial for resuming.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteCancellationTests {
    let content = RemoteTestContent.bytes(100_000, seed: 11)

    /// 30,000 bytes of 100,000, then nothing until the client closes the connection: a
    /// download that ends at all did not wait for the server, however loaded the machine.
    static let stalled = RemoteFaultServer.Response(
        status: 200, headers: [["ETag", "\"c\""], ["Content-Length", "100000"]], ops: [.slice(0, 30_000), .hold])

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "cancelling mid-body ends the download (not at the end of the server's endless stall), is not retried, keeps the partial and writes nothing after"
    )
    func cancelMidBody() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: ["/f": [Self.stalled]])
        defer { server.stop() }
        let harness = try RemoteTestHarness(retryPolicy: RetryPolicy(maximumAttempts: 5, initialDelay: 0.01))
        let download = await harness.coordinator.download(harness.part(server.url("/f")))
        try await harness.waitForPartial(atLeast: 30_000)
        download.cancel()
        // Only the cancellation can end the download before the test's time limit: the server
        // sends nothing more until the client leaves. No wall-clock bound, which load would break.
        let result = await Result { () async throws(TransferError) in try await download.content() }
        #expect(result.isCancellation)
        await harness.coordinator.waitUntilIdleUnlessCancelled()
        let kept = await harness.stored()
        #expect(kept.content == nil)
        #expect(kept.partialBytes == 30_000)
        #expect(server.requests(to: "/f").count == 1)
        // The network transfer stopped too (and the server is stopped only after it did).
        try await server.waitUntilBrokenOff("/f")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "cancelling while waiting for the response head ends the download (not the server's endless stall)")
    func cancelBeforeHead() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/f": [.init(status: 200, ops: [.hold, .head, .slice(0, 100_000)])]])
        defer { server.stop() }
        let harness = try RemoteTestHarness(retryPolicy: RetryPolicy(maximumAttempts: 5, initialDelay: 0.01))
        let task = Task { await harness.download(harness.part(server.url("/f"))) }
        try await waitUntil("the request to reach the server") { !server.requests(to: "/f").isEmpty }
        // The head comes only after the client leaves: only the cancellation can end the
        // download within the test's time limit.
        task.cancel()
        let result = await task.cancellableValue
        guard case .failure(let error) = result else {
            Issue.record("expected a cancellation, got \(result)")
            return
        }
        #expect(error.isCancellation)
        await harness.coordinator.waitUntilIdleUnlessCancelled()
        #expect(server.requests(to: "/f").count == 1)
        #expect(await harness.stored().content == nil)
        try await server.waitUntilBrokenOff("/f")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("cancelling inside the asynchronous header hook sends no request")
    func cancelInHeaderHook() async throws {
        let server = try await RemoteFaultServer(content: content, paths: [:])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let entered = AsyncStream<Void>.makeStream()
        let hooks = RemotePart.Hooks(headers: { _ in
            entered.continuation.yield()
            try await Task.sleep(nanoseconds: 30_000_000_000)
            return [:]
        })
        let task = Task { await harness.download(harness.part(server.url("/f"), hooks: hooks)) }
        for await _ in entered.stream { break }
        task.cancel()
        let result = await task.cancellableValue
        guard case .failure(let error) = result else {
            Issue.record("expected a cancellation, got \(result)")
            return
        }
        #expect(error.isCancellation)
        #expect(server.requests.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a download cancelled mid-body resumes from its partial on the next call")
    func resumeAfterCancel() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    Self.stalled,
                    .init(
                        status: 206,
                        headers: [
                            ["ETag", "\"c\""], ["Content-Range", "bytes 30000-99999/100000"],
                            ["Content-Length", "70000"],
                        ],
                        ops: [.slice(30_000, 100_000)]),
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let download = await harness.coordinator.download(harness.part(server.url("/f")))
        try await harness.waitForPartial(atLeast: 30_000)
        download.cancel()
        await harness.coordinator.waitUntilIdleUnlessCancelled()
        let stored = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        #expect(server.requests(to: "/f").last?.headers["range"] == "bytes=30000-")
    }
}

extension Result where Failure == TransferError {
    fileprivate var isCancellation: Bool {
        if case .failure(let error) = self { return error.isCancellation }
        return false
    }

    fileprivate init(catching body: () async throws(TransferError) -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
#endif
