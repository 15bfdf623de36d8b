#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// Status codes and failures under ``RetryPolicy``: what is retried, after how long, and that
/// a retry resumes rather than starting over.
///
/// Each status answer here has an empty body (`Content-Length: 0`), which the downloader
/// cancels as soon as the head is in while FoundationNetworking is already completing the task:
/// the cancel-against-completion race that can reach its registry trap. So each test runs in a
/// process of its own (``RegistryTrapRetry``) where exit tests exist.
@Suite(.inTurn)
struct RemoteRetryTests {
    let content = RemoteTestContent.bytes(100_000, seed: 13)
    let policy = RetryPolicy(maximumAttempts: 4, initialDelay: 0.01, maximumDelay: 5, randomFraction: { 0 })

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 503 with Retry-After is retried after the delay asked for, then succeeds", .timeLimit(.minutes(1)))
    func serviceUnavailableThenSuccess() async {
        await Self.inOwnProcess(.serviceUnavailableThenSuccess)
    }

    /// The body of the test, run by ``serviceUnavailableThenSuccess()`` in a process of its own.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func serviceUnavailableThenSuccessInThisProcess() async throws {
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
    @Test("a connection dropped mid-body is retried from the byte offset, not from zero", .timeLimit(.minutes(1)))
    func dropResumes() async {
        await Self.inOwnProcess(.dropResumes)
    }

    /// The body of the test, run by ``dropResumes()`` in a process of its own.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func dropResumesInThisProcess() async throws {
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
        "4xx statuses other than 408 and 429 are final; 408 and 429 are retried", .timeLimit(.minutes(1)),
        arguments: [400, 404, 410, 408, 429])
    func clientErrors(status: Int) async {
        await Self.inOwnProcess(.clientError(status))
    }

    /// The body of the test, run by ``clientErrors(status:)`` in a process of its own.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func clientErrorsInThisProcess(status: Int) async throws {
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
    @Test("a 403 calls the re-sign hook once and the fresh URL is fetched", .timeLimit(.minutes(1)))
    func resignAfterForbidden() async {
        await Self.inOwnProcess(.resignAfterForbidden)
    }

    /// The body of the test, run by ``resignAfterForbidden()`` in a process of its own.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func resignAfterForbiddenInThisProcess() async throws {
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
        "a re-signed URL that is refused again fails with the status instead of re-signing forever",
        .timeLimit(.minutes(1)))
    func resignOnlyOnce() async {
        await Self.inOwnProcess(.resignOnlyOnce)
    }

    /// The body of the test, run by ``resignOnlyOnce()`` in a process of its own.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func resignOnlyOnceInThisProcess() async throws {
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

    /// The tests, by name, for the process of their own.
    enum Case: Codable, Sendable {
        case serviceUnavailableThenSuccess, dropResumes, clientError(Int), resignAfterForbidden, resignOnlyOnce
    }

    /// Runs `testCase` in a process of its own where exit tests exist (a FoundationNetworking
    /// registry trap is retried), in this one elsewhere.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static func inOwnProcess(_ testCase: Case, sourceLocation: SourceLocation = #_sourceLocation) async {
        #if compiler(>=6.2)
        await RegistryTrapRetry.run(sourceLocation: sourceLocation) { location, log in
            await #expect(processExitsWith: .success, sourceLocation: location) {
                [log = log as String, testCase = testCase as Case] in
                RegistryTrapRetry.sendStandardError(to: log)
                let alarm = DeadlockAlarm("RemoteRetryTests' process", seconds: 120)
                try await RemoteRetryTests().run(testCase)
                alarm.finished()
            }
        }
        #else
        do {
            try await RemoteRetryTests().run(testCase)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
        #endif
    }

    /// Runs `testCase` in this process.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func run(_ testCase: Case) async throws {
        switch testCase {
        case .serviceUnavailableThenSuccess: try await serviceUnavailableThenSuccessInThisProcess()
        case .dropResumes: try await dropResumesInThisProcess()
        case .clientError(let status): try await clientErrorsInThisProcess(status: status)
        case .resignAfterForbidden: try await resignAfterForbiddenInThisProcess()
        case .resignOnlyOnce: try await resignOnlyOnceInThisProcess()
        }
    }
}
#endif
