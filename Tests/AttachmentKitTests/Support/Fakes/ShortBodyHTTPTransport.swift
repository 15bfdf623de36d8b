import Foundation

@testable import AttachmentKit

/// A transport that answers every request with 200, a `Content-Length` of `declaredLength`, and
/// a body of `body` that ends normally, without an error, however short it is: the server that
/// closes early which URLSession would report as an error itself, so that only the downloader's
/// own length check can catch it.
final class ShortBodyHTTPTransport: HTTPTransport {
    private let body: Data
    private let declaredLength: Int

    init(body: Data, declaredLength: Int) {
        self.body = body
        self.declaredLength = declaredLength
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let sent = LockedState(false)
        let data = body
        let chunks = HTTPResponse.Body(nextChunk: {
            sent.withLock { wasSent in
                defer { wasSent = true }
                return wasSent || data.isEmpty ? nil : data
            }
        })
        return HTTPResponse(
            head: HTTPResponse.Head(
                statusCode: 200, headers: ["Content-Length": String(declaredLength)], url: request.url),
            body: chunks)
    }
}
