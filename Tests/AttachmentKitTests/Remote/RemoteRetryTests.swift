#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// Status codes and failures under ``RetryPolicy``: what is retried, after how long, and that
/// a retry resumes rather than starting over.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteRetryTests {
    let content = RemoteTestContent.bytes(100_000, seed: 13)
    let policy = RetryPolicy(maximumAttempts: 4, initialDelay: 0.01, maximumDelay: 5, randomFraction: { 0 })

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 503 with Retry-After is retried after the delay asked for, then succeeds")
    func serviceUnavailableThenSuccess() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(status: 503, headers: [["Retry-After", "1"], ["Content-Length", "0"]]),
                    .init(status: 200, headers: [["Content-Length", "100000"]], ops: [.slice(0, 100_000)]),
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness(retryPolicy: policy)
        let started = Date()
        let stored = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(Date().timeIntervalSince(started) >= 1)
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        #expect(server.requests(to: "/f").count == 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a connection dropped mid-body is retried from the byte offset, not from zero")
    func dropResumes() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"r\""], ["Content-Length", "100000"]],
                        ops: [.slice(0, 45_000), .close]),
                    .init(status: 500, headers: [["Content-Length", "0"]]),
                    .init(
                        status: 206,
                        headers: [
                            ["ETag", "\"r\""], ["Content-Range", "bytes 45000-99999/100000"],
                            ["Content-Length", "55000"],
                        ],
                        ops: [.slice(45_000, 100_000)]),
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness(retryPolicy: policy)
        let stored = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        let requests = server.requests(to: "/f")
        #expect(requests.count == 3)
        #expect(requests[1].headers["range"] == "bytes=45000-")
        #expect(requests[2].headers["range"] == "bytes=45000-")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "4xx statuses other than 408 and 429 are final; 408 and 429 are retried",
        arguments: [400, 404, 410, 408, 429])
    func clientErrors(status: Int) async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: ["/f": [.init(status: status, headers: [["Content-Length", "0"]])]])
        defer { server.stop() }
        let harness = try RemoteTestHarness(retryPolicy: policy)
        let result = await harness.download(harness.part(server.url("/f")))
        guard case .httpStatus(let error)? = RemoteTestHarness.remoteError(result) else {
            Issue.record("expected httpStatus, got \(result)")
            return
        }
        #expect(error.statusCode == status)
        let retried = status == 408 || status == 429
        #expect(server.requests(to: "/f").count == (retried ? 4 : 1))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 403 calls the re-sign hook once and the fresh URL is fetched")
    func resignAfterForbidden() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/expired": [.init(status: 403, headers: [["Content-Length", "0"]])],
                "/fresh": [.init(status: 200, headers: [["Content-Length", "100000"]], ops: [.slice(0, 100_000)])],
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let calls = LockedState(0)
        let fresh = server.url("/fresh")
        let hooks = RemotePart.Hooks(resign: { _, status in
            calls.withLock { $0 += 1 }
            return status == 403 ? fresh : nil
        })
        let stored = try await harness.download(harness.part(server.url("/expired"), hooks: hooks)).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        #expect(calls.withLock { $0 } == 1)
        #expect(server.requests.map(\.path) == ["/expired", "/fresh"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a re-signed URL that is refused again fails with the status instead of re-signing forever")
    func resignOnlyOnce() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/a": [.init(status: 401, headers: [["Content-Length", "0"]])]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let url = server.url("/a")
        let hooks = RemotePart.Hooks(resign: { _, _ in url })
        let result = await harness.download(harness.part(url, hooks: hooks))
        guard case .httpStatus(let error)? = RemoteTestHarness.remoteError(result) else {
            Issue.record("expected httpStatus, got \(result)")
            return
        }
        #expect(error.statusCode == 401)
        #expect(server.requests.count == 2)
    }
}
#endif
