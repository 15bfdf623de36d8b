#if os(macOS) || os(Linux)
@testable import AttachmentKitMatrix
import Foundation
import Testing

@testable import AttachmentKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Synapse's own `429 M_LIMIT_EXCEEDED`. Its `/upload` has no rate limiter: the media
/// repository's one is on `POST /_matrix/media/v1/create` (``SynapseServer`` lets one through per
/// 20 s), so the first attempts of an upload are sent there and meet Synapse's answer as it is,
/// `Retry-After` header and `retry_after_ms` body; the next go to `/upload`.
extension MatrixSynapseTests {
    /// Sends the first `limited` uploads to Synapse's rate-limited `/create` instead of their URL,
    /// the rest where they were going, through `URLSessionTransport`; records every answer.
    final class SynapseLimiterFront: HTTPUploadTransport {
        let create: URL
        let limited: Int
        let answers = LockedState<[(head: HTTPResponse.Head, body: Data)]>([])

        init(_ synapse: SynapseSuite, limited: Int) {
            create = synapse.server.homeserver.appendingPathComponent("_matrix/media/v1/create")
            self.limited = limited
        }

        func upload(_ request: HTTPUploadRequest, sentBytes: @escaping @Sendable (Int64) -> Void) async throws
            -> HTTPResponse
        {
            var request = request
            if answers.withLock({ $0.count }) < limited { request.url = create }
            let response = try await URLSessionTransport.shared.upload(request, sentBytes: sentBytes)
            var body = Data()
            for try await chunk in response.body { body.append(chunk) }
            answers.withLock { $0.append((response.head, body)) }
            let unread = LockedState<Data?>(body)
            return HTTPResponse(
                head: response.head,
                body: HTTPResponse.Body(nextChunk: {
                    unread.withLock { chunk in
                        defer { chunk = nil }
                        return chunk
                    }
                }))
        }

        /// The first answer's `Retry-After`, once it came.
        var firstRetryAfter: Double? {
            answers.withLock { $0.first?.head.headers["Retry-After"].flatMap(Double.init) }
        }
    }

    /// Alice's client uploading a random file through a ``SynapseLimiterFront`` that sends the
    /// first attempt to `/create`, with `policy` on `clock`, after the one `/create` the limiter
    /// lets through is used up.
    struct LimitedUpload {
        let folder: StorageTemporaryDirectory
        let file: URL
        let front: SynapseLimiterFront
        let client: MatrixMediaClient

        init(seed: UInt64, policy: RetryPolicy, clock: TransferTestClock) async throws {
            let synapse = try SynapseSuite.running()
            folder = try StorageTemporaryDirectory("matrix-synapse-429-\(seed)")
            file = try SendingFixtures.randomFile(in: folder, name: "limited.bin", count: 4096, seed: seed)
            front = SynapseLimiterFront(synapse, limited: 1)
            _ = try? await SynapseSuite.request(
                "POST", "/_matrix/media/v1/create", on: synapse.server, token: synapse.alice, json: [:])
            client = MatrixMediaClient(
                homeserver: synapse.server.homeserver, accessToken: synapse.alice, downloader: downloader,
                uploadTransport: front,
                uploadConfiguration: UploadCoordinator.Configuration(retryPolicy: policy, clock: clock))
        }

        func upload() async throws -> MatrixContentURI {
            try await client.upload(file, id: "limited", mimeType: .applicationOctetStream, fileName: nil, limit: nil)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("Synapse's own 429 is waited as it asked, then the upload goes through", .timeLimit(.minutes(3)))
    func rateLimitedThenUploaded() async throws {
        let clock = TransferTestClock()
        let limited = try await LimitedUpload(
            seed: 429, policy: RetryPolicy(maximumAttempts: 2, maximumDelay: 60, jitter: 0), clock: clock)
        let front = limited.front
        let upload = Task { try await limited.upload() }
        try await waitUntil("the retry waits what Synapse asked") {
            front.firstRetryAfter.map { clock.sleepRequests.contains($0) } ?? false
        }
        let (head, body) = try #require(front.answers.withLock { $0.first })
        let asked = try #require(front.firstRetryAfter)
        let fields = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(head.statusCode == 429 && fields["errcode"] as? String == "M_LIMIT_EXCEEDED")
        let milliseconds = try #require(fields["retry_after_ms"] as? Int)
        #expect(milliseconds > 0 && Double(milliseconds) <= asked * 1000, "Retry-After is retry_after_ms rounded up")
        clock.advance(by: asked)
        let uri = try await upload.value
        #expect(front.answers.withLock { $0.map(\.head.statusCode) } == [429, 200])
        #expect(try await Self.serverBytes(of: uri, client: limited.client) == Data(contentsOf: limited.file))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("Synapse's 429 asking longer than the policy waits is typed at once", .timeLimit(.minutes(3)))
    func rateLimitedGivesUp() async throws {
        let limited = try await LimitedUpload(
            seed: 430, policy: RetryPolicy(maximumAttempts: 3, maximumDelay: 1, jitter: 0), clock: TransferTestClock())
        let front = limited.front
        await #expect { try await limited.upload() } throws: { error in
            guard case .rateLimited(_, let delay?)? = error as? MatrixMediaClient.Error else { return false }
            return delay > 1 && delay == front.firstRetryAfter
        }
        #expect(front.answers.withLock { $0.count } == 1, "no second attempt")
    }
}
#endif
