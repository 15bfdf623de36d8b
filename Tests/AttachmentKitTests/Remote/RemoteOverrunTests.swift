#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// A transport that stops a transfer because the disk fell behind
/// (``URLSessionTransport/Error/consumerTooSlow(bufferedBytes:)``) does not fail the download: it
/// resumes at once from what was written.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteOverrunTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a buffer overrun mid-body resumes in the same attempt with Range from the written bytes")
    func overrunResumes() async throws {
        let content = RemoteTestContent.bytes(100_000, seed: 41)
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"o\""], ["Content-Length", "100000"]],
                        ops: [.slice(0, 100_000)]),
                    .init(
                        status: 206,
                        headers: [
                            ["ETag", "\"o\""], ["Content-Range", "bytes 40000-99999/100000"],
                            ["Content-Length", "60000"],
                        ],
                        ops: [.slice(40_000, 100_000)]),
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness(transport: OverrunningTransport(after: 40_000))
        let stored = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        let requests = server.requests(to: "/f")
        #expect(requests.count == 2)
        #expect(requests.last?.headers["range"] == "bytes=40000-")
    }
}

/// Passes requests to ``URLSessionTransport/shared``, but the first body ends with
/// `consumerTooSlow` after `limit` bytes, as a real overrun would.
private final class OverrunningTransport: HTTPTransport {
    let limit: Int
    let overran = LockedState(false)

    init(after limit: Int) { self.limit = limit }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await URLSessionTransport.shared.send(request)
        guard !overran.withLock({ $0 }) else { return response }
        overran.withLock { $0 = true }
        let delivered = LockedState(Data())
        let limit = limit
        let body = HTTPResponse.Body(
            nextChunk: {
                if delivered.withLock({ $0.count }) >= limit {
                    response.body.cancel()
                    throw URLSessionTransport.Error.consumerTooSlow(bufferedBytes: 1 << 24)
                }
                var iterator = response.body.makeAsyncIterator()
                guard let chunk = try await iterator.next() else { return nil }
                let room = limit - delivered.withLock { $0.count }
                let part = chunk.prefix(room)
                delivered.withLock { $0.append(part) }
                return Data(part)
            }, cancel: { response.body.cancel() })
        return HTTPResponse(head: response.head, body: body)
    }
}
#endif
