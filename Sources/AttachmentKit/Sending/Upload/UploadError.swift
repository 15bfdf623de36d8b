import Foundation

/// Why one attempt at an upload failed. ``RetryPolicy`` tries again after the retryable ones
/// (see ``isRetryable``) and after transport errors and 5xx, 408 and 429 statuses.
public enum UploadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Preflight: the file is larger than the configured limit or the server's `Tus-Max-Size`.
    /// No byte was sent.
    case tooLarge(PartID, byteCount: Int64, limit: Int64)
    /// Preflight: the part's type is not among the allowed ones. No byte was sent.
    case typeNotAllowed(PartID, MIMEType)
    /// The part has no local file to upload.
    case noLocalFile(PartID)
    /// The source file changed size since the upload started; what the server holds is of
    /// another file.
    case sourceChanged(URL, expected: Int64, found: Int64?)
    /// The server answered with a status that is not a success.
    case httpStatus(HTTPStatusError)
    /// The server does not speak tus 1.0.0 (`412 Precondition Failed`); its `Tus-Version`.
    case unsupportedProtocolVersion(String?)
    /// A tus creation answered without a `Location`.
    case missingLocation(URL)
    /// A tus `HEAD` or `PATCH` answered without a valid `Upload-Offset`.
    case missingOffset(URL)
    /// The server reported an offset that can't be true: past the file's end, or past the bytes
    /// the `PATCH` carried. The next attempt asks the offset again.
    case offsetOutOfRange(URL, offset: Int64, byteCount: Int64)
    /// The server kept answering `409 Conflict` to the offset it reported itself.
    case offsetMismatch(URL, attempts: Int)
    /// The server refused a chunk's checksum (`460`) every time it was sent.
    case checksumMismatch(URL)
    /// The server said every byte had arrived, then reported less: it lost what it had
    /// acknowledged. The next attempt sends the rest again.
    case incomplete(URL, offset: Int64, byteCount: Int64)

    /// Whether another attempt may succeed: an offset out of range or a lost end (the next
    /// attempt asks the offset again), and the statuses ``RetryPolicy`` retries.
    public var isRetryable: Bool {
        switch self {
        case .offsetOutOfRange, .incomplete, .checksumMismatch: true
        case .httpStatus(let status): status.isServerError || status.isRateLimited || status.statusCode == 408
        case .tooLarge, .typeNotAllowed, .noLocalFile, .sourceChanged, .unsupportedProtocolVersion,
            .missingLocation, .missingOffset, .offsetMismatch:
            false
        }
    }

    /// Whether the server answered that the upload is not there (`404 Not Found`, `410 Gone`):
    /// a tus upload that expired or was removed, which is created again from zero.
    var isGoneFromServer: Bool {
        if case .httpStatus(let status) = self { return status.statusCode == 404 || status.statusCode == 410 }
        return false
    }

    /// The delay the server asked for, when it did.
    var retryAfter: Double? {
        if case .httpStatus(let status) = self { return status.retryAfter }
        return nil
    }

    public var description: String {
        switch self {
        case .tooLarge(let id, let count, let limit):
            "part \(id) is \(count) bytes, more than the \(limit) allowed; nothing was sent"
        case .typeNotAllowed(let id, let type): "part \(id) is \(type), which may not be uploaded; nothing was sent"
        case .noLocalFile(let id): "part \(id) has no local file to upload"
        case .sourceChanged(let url, let expected, let found):
            "\(url.path) changed while it was uploaded: \(expected) bytes then, \(found.map(String.init) ?? "none") now"
        case .httpStatus(let status): "the server answered \(status)"
        case .unsupportedProtocolVersion(let versions):
            "the server does not speak tus 1.0.0 (it speaks \(versions ?? "an unknown version"))"
        case .missingLocation(let url): "the tus server at \(url.absoluteString) created an upload without a Location"
        case .missingOffset(let url): "the tus server gave no Upload-Offset for \(url.absoluteString)"
        case .offsetOutOfRange(let url, let offset, let count):
            "the tus server reported offset \(offset) for \(url.absoluteString), impossible for \(count) bytes"
        case .offsetMismatch(let url, let attempts):
            "the tus server refused its own offset for \(url.absoluteString) \(attempts) times (409)"
        case .checksumMismatch(let url): "the tus server refused the checksum of every chunk for \(url.absoluteString)"
        case .incomplete(let url, let offset, let count):
            "the tus server lost bytes it had acknowledged for \(url.absoluteString): \(offset) of \(count)"
        }
    }
}
