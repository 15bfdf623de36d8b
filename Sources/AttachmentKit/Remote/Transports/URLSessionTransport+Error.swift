extension URLSessionTransport {
    /// Why ``URLSessionTransport`` ended a transfer itself.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The body arrived faster than it was read, and more than the transport's buffer limit
        /// was waiting: the transfer was stopped rather than held in memory without bound.
        case consumerTooSlow(bufferedBytes: Int)
        /// The response was not an HTTP response.
        case notHTTP
        /// The transport was invalidated; it sends nothing more.
        case invalidated

        public var description: String {
            switch self {
            case .consumerTooSlow(let bytes):
                "the body arrived faster than it was written: \(bytes) bytes were waiting, more than allowed"
            case .notHTTP: "the response was not an HTTP response"
            case .invalidated: "the transport was invalidated"
            }
        }
    }
}
