import Foundation
import Testing

@testable import AttachmentKit

/// The idle timeout and the total deadline are AttachmentKit's own, whatever URLSession does
/// with its timeouts.
@Suite
struct RemoteTimeoutTests {
    let content = RemoteTestContent.bytes(10_000, seed: 9)

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a stall before the headers is timedOut(.idle)", .timeLimit(.minutes(1)))
    func stallBeforeHeaders() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/f": [.init(status: 200, ops: [.sleep(3600), .head, .slice(0, 10_000)])]])
        defer { server.stop() }
        let harness = try RemoteTestHarness(configuration: RemoteTestHarness.configuration(idleTimeout: 2))
        // The stall outlasts the test's time limit: only the idle timeout can end the download.
        let result = await harness.download(harness.part(server.url("/f")))
        #expect(RemoteTestHarness.remoteError(result) == .timedOut(.idle))
        #expect(await harness.stored().content == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a stall mid-body is timedOut(.idle) and keeps the bytes received for resuming", .timeLimit(.minutes(1)))
    func stallMidBody() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"s\""], ["Content-Length", "10000"]],
                        ops: [.slice(0, 4000), .sleep(3600), .slice(4000, 10_000)])
                ]
            ])
        defer { server.stop() }
        // The idle timeout also runs while the request is sent and the first bytes come: 2 s
        // was too short for a loaded machine under the thread sanitizer (the bytes came after
        // it fired), so 10 s, still far below the hour-long stall.
        let harness = try RemoteTestHarness(configuration: RemoteTestHarness.configuration(idleTimeout: 10))
        let result = await harness.download(harness.part(server.url("/f")))
        #expect(RemoteTestHarness.remoteError(result) == .timedOut(.idle))
        #expect(await harness.stored().content == nil)
        let kept = await harness.stored().partialBytes
        #expect(kept == 4000)
        #expect(RetryPolicy.default.classify(RemotePartError.timedOut(.idle)) == .retryable(after: nil))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a body that trickles within the idle timeout but past the deadline is timedOut(.total)",
        .timeLimit(.minutes(1)))
    func trickle() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["Content-Length", "10000"]],
                        ops: [.trickle(0, 10_000, every: 0.1)])
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness(
            configuration: RemoteTestHarness.configuration(idleTimeout: 5, totalTimeout: 2))
        // The trickle would take 1000 s: only the deadline can end the download.
        let result = await harness.download(harness.part(server.url("/f")))
        #expect(RemoteTestHarness.remoteError(result) == .timedOut(.total))
        #expect(await harness.stored().content == nil)
    }
}
