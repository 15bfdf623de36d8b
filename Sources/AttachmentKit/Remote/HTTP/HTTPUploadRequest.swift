import Foundation

/// One request an ``HTTPUploadTransport`` sends for an upload: a method, a URL, header fields and
/// a body read from a file (never held in memory).
public struct HTTPUploadRequest: Sendable, Equatable {
    /// The method: `POST`, `PUT` or `PATCH` with a body; `HEAD`, `OPTIONS` or `DELETE` without.
    public var method: String
    /// The URL to send to.
    public var url: URL
    /// The header fields to send.
    public var headers: HTTPHeaders
    /// The body.
    public var body: HTTPUploadRequest.Body

    /// Creates a request.
    public init(method: String, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: HTTPUploadRequest.Body = .none) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

extension HTTPUploadRequest {
    /// The body of an ``HTTPUploadRequest``.
    public enum Body: Sendable, Equatable {
        /// No body.
        case none
        /// `length` bytes of the file at `url` from byte `offset`, streamed from disk.
        case file(URL, offset: Int64, length: Int64)

        /// The number of bytes the body holds.
        public var byteCount: Int64 {
            switch self {
            case .none: 0
            case .file(_, _, let length): length
            }
        }
    }
}
