import Foundation

@testable import AttachmentKit

/// A transport that answers each URL it was given with its bytes in one chunk (404 for the
/// others) and counts the requests per URL: a server without a socket, for tests that count
/// what a feature asks for.
final class InMemoryHTTPTransport: HTTPTransport {
    private let files: [URL: Data]
    private let requests = LockedState<[URL: Int]>([:])

    init(files: [URL: Data]) { self.files = files }

    /// How many requests were made for `url`.
    func requestCount(for url: URL) -> Int { requests.withLock { $0[url] ?? 0 } }

    /// How many requests were made in all.
    var totalRequestCount: Int { requests.withLock { $0.values.reduce(0, +) } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        requests.withLock { $0[request.url, default: 0] += 1 }
        guard let data = files[request.url] else {
            return HTTPResponse(
                head: HTTPResponse.Head(statusCode: 404, headers: [:], url: request.url), body: .empty)
        }
        let sent = LockedState(false)
        let body = HTTPResponse.Body(nextChunk: {
            sent.withLock { wasSent in
                defer { wasSent = true }
                return wasSent ? nil : data
            }
        })
        return HTTPResponse(
            head: HTTPResponse.Head(statusCode: 200, headers: ["Content-Length": String(data.count)], url: request.url),
            body: body)
    }
}
