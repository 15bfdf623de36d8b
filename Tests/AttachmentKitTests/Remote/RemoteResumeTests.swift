#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// Resuming against the fault server: a first response is cut after `kept` bytes, leaving a
/// partial download; the second answers the Range request honestly or with a splice attempt.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteResumeTests {
    static let size = 200_000
    static let kept = 80_000
    static let tag = "\"v1\""
    let content = RemoteTestContent.bytes(Self.size, seed: 7)

    /// The first response: the whole length announced, cut after `kept` bytes.
    static var cut: RemoteFaultServer.Response {
        .init(
            status: 200, headers: [["ETag", tag], ["Content-Length", "\(size)"], ["Accept-Ranges", "bytes"]],
            ops: [.slice(0, kept), .close])
    }

    static func partial(from start: Int, total: Int = size, tag: String = tag) -> RemoteFaultServer.Response {
        .init(
            status: 206,
            headers: [
                ["ETag", tag], ["Content-Range", "bytes \(start)-\(size - 1)/\(total)"],
                ["Content-Length", "\(size - start)"],
            ],
            ops: [.slice(start, size)])
    }

    static var full: RemoteFaultServer.Response {
        .init(status: 200, headers: [["ETag", "\"v2\""], ["Content-Length", "\(size)"]], ops: [.slice(0, size)])
    }

    /// Cuts a first download short and checks what it left behind.
    func downloadCut(_ harness: RemoteTestHarness, _ server: RemoteFaultServer) async throws {
        let first = await harness.download(harness.part(server.url("/f")))
        #expect(
            RemoteTestHarness.remoteError(first) == .truncated(received: Int64(Self.kept), expected: Int64(Self.size)))
        let stored = await harness.stored()
        #expect(stored.content == nil)
        #expect(stored.partialBytes == Int64(Self.kept))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an honest 206 from N completes the file with one more request that asks for the rest")
    func honestResume() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/f": [Self.cut, Self.partial(from: Self.kept)]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        try await downloadCut(harness, server)
        let second = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(second) == RemoteTestContent.contents(content))
        let requests = server.requests(to: "/f")
        #expect(requests.count == 2)
        #expect(requests.last?.headers["range"] == "bytes=\(Self.kept)-")
        #expect(requests.last?.headers["if-range"] == Self.tag)
        #expect(requests.allSatisfy { $0.headers["accept-encoding"] == "identity" })
        #expect(harness.partialFiles.isEmpty)
    }

    /// The answers to the resume's Range request that try to splice two versions, by label.
    static let spliceAnswers: [(label: String, answer: RemoteFaultServer.Response)] = [
        ("200 with the whole body", Self.full),
        ("206 starting before N", Self.partial(from: 1000)),
        ("206 starting after N", Self.partial(from: Self.kept + 1000)),
        ("206 with another total", Self.partial(from: Self.kept, total: Self.size + 10)),
        ("206 with another ETag", Self.partial(from: Self.kept, tag: "\"v2\"")),
    ]

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a splice attempt on resume restarts from zero and never mixes two versions",
        arguments: Self.spliceAnswers.map(\.label))
    func spliceAttempt(label: String) async throws {
        let answer = try #require(Self.spliceAnswers.first { $0.label == label }?.answer)
        let server = try await RemoteFaultServer(content: content, paths: ["/f": [Self.cut, answer, Self.full]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        try await downloadCut(harness, server)
        let second = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(second) == RemoteTestContent.contents(content), "\(label)")
        let requests = server.requests(to: "/f")
        // A 200 is the restart itself; a refused 206 costs one fresh request without Range.
        #expect(requests.count == (answer.status == 200 ? 2 : 3), "\(label)")
        if answer.status == 206 { #expect(requests.last?.headers["range"] == nil, "\(label)") }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a 416 whose total is the kept length but not the announced one restarts instead of completing")
    func rangeNotSatisfiableWithAnotherTotalRestarts() async throws {
        let whole = RemoteFaultServer.Response(
            status: 200, headers: [["ETag", Self.tag], ["Content-Length", "\(Self.size)"]], ops: [.slice(0, Self.size)])
        // The server now claims the file is only as long as the kept bytes (it shrank): that
        // must not complete the partial.
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", Self.tag], ["Content-Length", "\(Self.size)"]],
                        ops: [.slice(0, Self.kept), .close]),
                    .init(status: 416, headers: [["ETag", Self.tag], ["Content-Range", "bytes */\(Self.kept)"]]),
                    whole,
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        try await downloadCut(harness, server)
        // The known total is `size`, so a 416 claiming `kept` is a changed file: restart.
        let second = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(second) == RemoteTestContent.contents(content))
        #expect(server.requests(to: "/f").count == 3)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 416 without Content-Range restarts the download")
    func rangeNotSatisfiableWithoutRangeRestarts() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/f": [Self.cut, .init(status: 416, headers: []), Self.full]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        try await downloadCut(harness, server)
        let second = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(second) == RemoteTestContent.contents(content))
        #expect(server.requests(to: "/f").count == 3)
        #expect(server.requests(to: "/f").last?.headers["range"] == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 416 for a partial that already holds every byte completes it from disk")
    func rangeNotSatisfiableForCompletePartial() async throws {
        // The first response announces no length (so the cut is not known to be short) and
        // sends every byte before the connection drops uncleanly.
        let small = Data(content.prefix(Self.kept))
        let server = try await RemoteFaultServer(
            content: small,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", Self.tag], ["Transfer-Encoding", "chunked"]],
                        ops: [.raw(String(Self.kept, radix: 16) + "\r\n"), .slice(0, Self.kept), .close]),
                    .init(status: 416, headers: [["ETag", Self.tag], ["Content-Range", "bytes */\(Self.kept)"]]),
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let first = await harness.download(harness.part(server.url("/f")))
        guard case .connectionFailed = RemoteTestHarness.remoteError(first) else {
            Issue.record("expected a failed connection, got \(first)")
            return
        }
        #expect(await harness.stored().partialBytes == Int64(Self.kept))
        let second = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(second) == RemoteTestContent.contents(small))
        #expect(server.requests(to: "/f").count == 2)
        #expect(server.requests(to: "/f").last?.headers["range"] == "bytes=\(Self.kept)-")
    }
}
#endif
