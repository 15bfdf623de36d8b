import Foundation

/// One `GET` request an ``HTTPTransport`` sends: a URL and its header fields.
public struct HTTPRequest: Sendable, Equatable {
    /// The URL to fetch.
    public var url: URL
    /// The header fields to send, such as `Authorization`, `Range` and `If-Range`.
    public var headers: HTTPHeaders

    /// Creates a request.
    public init(url: URL, headers: HTTPHeaders = HTTPHeaders()) {
        self.url = url
        self.headers = headers
    }
}
