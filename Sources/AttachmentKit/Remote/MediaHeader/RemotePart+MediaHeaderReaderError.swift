extension RemotePart.MediaHeaderReader {
    /// Why ``RemotePart/MediaHeaderReader`` could not read a remote ISO media or audio file's header.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The server answered a ranged request with the whole file (200) or another status than
        /// 206: it doesn't serve ranges, and the reader never downloads a whole video to read its
        /// header. The body was not read.
        case rangesNotSupported(statusCode: Int)
        /// A later request's validator (`If-Range`, the first response's strong `ETag` or
        /// `Last-Modified`) no longer matched: the file changed between the requests.
        case changedWhileReading
        /// The `Content-Range` of a 206 was missing, malformed, named another range than asked
        /// for, or gave no total size.
        case invalidContentRange(String?)
        /// The header needs more bytes than ``RemotePart/MediaHeaderReader/maximumByteCount`` or more
        /// requests than three: a `moov` box of `byteCount` bytes, for example.
        case headerTooLarge(byteCount: Int64, limit: Int)
        /// The transfer failed: a connection, a timeout, a scheme not allowed, a redirect.
        case transfer(RemotePartError)
        /// The bytes fetched are no valid ISO media header.
        case inspection(ISOMediaInspector.Error)
        /// The bytes fetched are no valid audio header
        /// (``RemoteMediaHeaderReader/inspectAudio(_:headers:)``).
        case audioInspection(AudioInspector.Error)

        public var description: String {
            switch self {
            case .rangesNotSupported(let status): "the server does not serve byte ranges (status \(status))"
            case .changedWhileReading: "the file changed between the ranged requests"
            case .invalidContentRange(let value): "invalid Content-Range: \(value ?? "none")"
            case .headerTooLarge(let count, let limit):
                "the header needs \(count) bytes, more than the limit of \(limit)"
            case .transfer(let error): "\(error)"
            case .inspection(let error): "\(error)"
            case .audioInspection(let error): "\(error)"
            }
        }
    }
}
