import Foundation

/// Why a ``RemotePart`` download failed. ``RetryPolicy`` retries the passing ones (see
/// ``isRetryable``); a download that stops short keeps its partial file, so the retry resumes.
public enum RemotePartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL's scheme is not in ``RemotePart/Configuration/allowedSchemes``.
    case schemeNotAllowed(URL)
    /// The server answered with a status that is not a success; 408, 429 and 5xx are
    /// retryable (after the server's `Retry-After` when it gave one), other statuses final.
    case httpStatus(HTTPStatusError)
    /// The body ended before the announced length (`Content-Length` or `Content-Range`'s
    /// total): `received` bytes of the resource, of `expected`.
    case truncated(received: Int64, expected: Int64)
    /// The server sent more bytes than it announced.
    case overlong(received: Int64, expected: Int64)
    /// The content is larger than ``RemotePart/Configuration/maximumByteCount``.
    case tooLarge(byteCount: Int64, limit: Int64)
    /// The content's length differs from the part's declared byte count.
    case lengthMismatch(received: Int64, declared: Int64)
    /// More than ``RemotePart/Configuration/maximumRedirects`` redirects.
    case tooManyRedirects(limit: Int)
    /// A redirect without a usable `Location`.
    case invalidRedirect(statusCode: Int)
    /// A response AttachmentKit could not make sense of, such as a 206 to a request without
    /// `Range`.
    case invalidResponse(String)
    /// No byte arrived for ``RemotePart/Configuration/idleTimeout`` (`.idle`), or the download
    /// took longer than ``RemotePart/Configuration/totalTimeout`` (`.total`).
    case timedOut(Timeout)
    /// The connection failed: before the response (`receivedBytes` 0) or mid-body.
    case connectionFailed(reason: String, receivedBytes: Int64)
    /// The bytes are not what the part declares: an image part whose body is an HTML or JSON
    /// error page, or no image at all.
    case contentMismatch(ImageInspector.VerificationError)
    /// The bytes are not the file type the part declares: a PDF, archive, MP3 or video part
    /// whose body is an HTML page, for example (the types ``FileType/verify(_:declaredType:)``
    /// checks); nothing was kept.
    case fileContentMismatch(FileType.VerificationError)
    /// The content's SHA-256 differs from the part's declared digest; nothing was kept.
    case digestMismatch(expected: String, actual: String)
    /// The part's declared SHA-256 is not 64 hexadecimal digits.
    case invalidDeclaredDigest(String)
    /// The downloaded bytes could not be written or stored.
    case storeFailed(ContentStoreError)

    /// Which time limit ran out.
    public enum Timeout: String, Sendable, Hashable {
        /// No byte (or response head) for the idle timeout.
        case idle
        /// The whole download exceeded the total deadline.
        case total
    }

    /// Whether another attempt may succeed: 408, 429 and 5xx statuses, timeouts, lost
    /// connections, truncated bodies and a transport buffer overrun. Everything else,
    /// cancellation included, is final.
    public var isRetryable: Bool {
        switch self {
        case .httpStatus(let status):
            status.isServerError || status.isRateLimited || status.statusCode == 408
        case .truncated, .timedOut, .connectionFailed: true
        default: false
        }
    }

    /// The delay the server asked for before another attempt (`Retry-After`), in seconds.
    var retryAfter: Double? {
        if case .httpStatus(let status) = self { return status.retryAfter }
        return nil
    }

    public var description: String {
        switch self {
        case .schemeNotAllowed(let url): "the scheme of \(url.absoluteString) is not allowed"
        case .httpStatus(let status): "\(status)"
        case .truncated(let received, let expected): "the body ended after \(received) of \(expected) bytes"
        case .overlong(let received, let expected):
            "the server sent \(received) bytes, more than the \(expected) announced"
        case .tooLarge(let count, let limit): "the content of \(count) bytes is larger than the limit of \(limit)"
        case .lengthMismatch(let received, let declared):
            "the content has \(received) bytes, but the part declares \(declared)"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .invalidRedirect(let status): "a \(status) redirect without a usable Location"
        case .invalidResponse(let reason): "invalid response: \(reason)"
        case .timedOut(let timeout):
            timeout == .idle ? "no data arrived for the idle timeout" : "the download took longer than its deadline"
        case .connectionFailed(let reason, let bytes): "the connection failed after \(bytes) bytes: \(reason)"
        case .contentMismatch(let error): "the content is not what the part declares: \(error)"
        case .fileContentMismatch(let error): "the content is not the file the part declares: \(error)"
        case .digestMismatch(let expected, let actual): "SHA-256 \(actual) does not match the declared \(expected)"
        case .invalidDeclaredDigest(let text): "the declared SHA-256 \"\(text)\" is not 64 hexadecimal digits"
        case .storeFailed(let error): "the content could not be stored: \(error)"
        }
    }
}
