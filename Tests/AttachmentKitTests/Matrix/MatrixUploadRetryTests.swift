import Foundation
import Testing

@testable import AttachmentKit
@testable import AttachmentKitMatrix

/// A 429 with `retry_after_ms` and no `Retry-After`: the retry policy waits what the body asks
/// and tries again; when every attempt is refused, the error is typed with the wait.
@Suite(.inTurn)
struct MatrixUploadRetryTests {
    /// Answers the uploads in turn with the scripted statuses and bodies, recording each request.
    final class ScriptedUploads: HTTPUploadTransport {
        let answers: [(Int, String)]
        let requests = LockedState<[HTTPUploadRequest]>([])
        init(_ answers: [(Int, String)]) { self.answers = answers }

        func upload(_ request: HTTPUploadRequest, sentBytes: @escaping @Sendable (Int64) -> Void) async throws
            -> HTTPResponse
        {
            let index = requests.withLock { requests in
                requests.append(request)
                return requests.count - 1
            }
            let (status, body) = answers[min(index, answers.count - 1)]
            let sent = LockedState(false)
            return HTTPResponse(
                head: HTTPResponse.Head(statusCode: status, headers: HTTPHeaders(), url: request.url),
                body: HTTPResponse.Body(nextChunk: {
                    sent.withLock { done in
                        defer { done = true }
                        return done ? nil : Data(body.utf8)
                    }
                }))
        }
    }

    static func client(_ transport: ScriptedUploads, clock: TransferTestClock) -> MatrixMediaClient {
        MatrixMediaClient(
            homeserver: URL(string: "https://hs.example")!, accessToken: "secret", uploadTransport: transport,
            uploadConfiguration: UploadCoordinator.Configuration(
                retryPolicy: RetryPolicy(maximumAttempts: 3, jitter: 0), clock: clock))
    }

    static let limited = (429, #"{"errcode": "M_LIMIT_EXCEEDED", "error": "Too many", "retry_after_ms": 1500}"#)

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 429's retry_after_ms is waited, then the upload succeeds", .timeLimit(.minutes(1)))
    func waitsAndRetries() async throws {
        let folder = try StorageTemporaryDirectory("matrix-429")
        let file = folder.appending("a.bin")
        try Data("hello".utf8).write(to: file)
        let transport = ScriptedUploads([Self.limited, (200, #"{"content_uri": "mxc://hs.example/done"}"#)])
        let clock = TransferTestClock()
        let client = Self.client(transport, clock: clock)
        let upload = Task {
            try await client.upload(file, id: "a", mimeType: .applicationOctetStream, fileName: "a.bin", limit: nil)
        }
        // The retry's wait; the clock also serves the upload's idle watchdog.
        try await waitUntil("the retry waits") { clock.sleepRequests.contains(1.5) }
        clock.advance(by: 1.5)
        #expect(clock.sleepRequests.filter { $0 >= 1 } == [1.5])
        #expect(try await upload.value.description == "mxc://hs.example/done")
        let requests = transport.requests.withLock { $0 }
        #expect(requests.count == 2)
        #expect(
            requests.allSatisfy { $0.headers["Authorization"] == "Bearer secret" && $0.url.query == "filename=a.bin" })
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("refused every time: rateLimited with the wait the server asked", .timeLimit(.minutes(1)))
    func givesUp() async throws {
        let folder = try StorageTemporaryDirectory("matrix-429-always")
        let file = folder.appending("b.bin")
        try Data("hello".utf8).write(to: file)
        let transport = ScriptedUploads([Self.limited])
        let clock = TransferTestClock()
        let client = Self.client(transport, clock: clock)
        let upload = Task {
            try await client.upload(file, id: "b", mimeType: .applicationOctetStream, fileName: nil, limit: nil)
        }
        for retry in 1...2 {
            try await waitUntil("retry \(retry) waits") { clock.sleepRequests.filter { $0 == 1.5 }.count == retry }
            clock.advance(by: 1.5)
        }
        await #expect {
            try await upload.value
        } throws: { error in
            guard case .rateLimited(_, let delay)? = error as? MatrixMediaClient.Error else { return false }
            return delay == 1.5
        }
        #expect(transport.requests.withLock { $0.count } == 3)
    }
}
