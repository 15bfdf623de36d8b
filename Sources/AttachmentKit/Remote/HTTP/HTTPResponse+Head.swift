import Foundation

extension HTTPResponse {
    /// The status line and header fields of a response, before its body.
    public struct Head: Sendable, Equatable {
        /// The status code, such as 200, 206 or 404.
        public var statusCode: Int
        /// The header fields; read them with ``HTTPHeaders/subscript(_:)``, which ignores case.
        public var headers: HTTPHeaders
        /// The URL that answered (the request's: transports do not follow redirects).
        public var url: URL

        /// Creates a response head.
        public init(statusCode: Int, headers: HTTPHeaders, url: URL) {
            self.statusCode = statusCode
            self.headers = headers
            self.url = url
        }

        /// The `Content-Length`, when present and a valid non-negative number.
        var contentLength: Int64? {
            headers["Content-Length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
                $0 >= 0 ? $0 : nil
            }
        }

        /// Whether the body is sent as is: no `Content-Encoding`, or `identity`.
        var hasIdentityEncoding: Bool {
            guard let encoding = headers["Content-Encoding"]?.trimmingCharacters(in: .whitespaces) else { return true }
            return encoding.isEmpty || encoding.lowercased() == "identity"
        }
    }
}
