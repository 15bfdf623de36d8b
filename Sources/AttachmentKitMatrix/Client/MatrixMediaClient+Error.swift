import AttachmentKit
import Foundation

extension MatrixMediaClient {
    /// Why a request to the homeserver, or the sending of a message's media, failed.
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        /// The homeserver lists neither Matrix v1.11 nor `org.matrix.msc3916.stable` in
        /// `/_matrix/client/versions`: it has no authenticated media endpoints, and nothing is
        /// downloaded (the token never goes to the old unauthenticated ones).
        case authenticatedMediaUnsupported(versions: [String])
        /// The homeserver refused the access token (`401`, `M_UNKNOWN_TOKEN` or
        /// `M_MISSING_TOKEN`).
        case tokenRefused(errcode: String?, url: URL)
        /// A file is larger than the homeserver accepts: found before any byte was sent (the
        /// limit from `m.upload.size`), or the server's `413 M_TOO_LARGE`.
        case tooLarge(PartID, byteCount: Int64, limit: Int64?)
        /// The homeserver kept answering `429 M_LIMIT_EXCEEDED` until the retry policy gave up;
        /// the wait it asked for last (its `Retry-After`, else `retry_after_ms`), in seconds.
        case rateLimited(URL, retryAfter: Double?)
        /// Another refusal: the status, the Matrix `errcode` and `error` when the body had them.
        case refused(URL, statusCode: Int, errcode: String?, message: String?)
        /// A response that is not what the endpoint answers: the URL and what was wrong.
        case malformedResponse(URL, reason: String)
        /// No response: the URL and the transport's error.
        case connectionFailed(URL, reason: String)
        /// An upload failed otherwise (a lost connection after every retry, a source file that
        /// changed, a cancellation).
        case uploadFailed(TransferError)
        /// Encrypting a file for sending failed.
        case encryptionFailed(EncryptedAttachment.Error)

        public var description: String {
            switch self {
            case .authenticatedMediaUnsupported(let versions):
                "the homeserver has no authenticated media (Matrix v1.11); it lists "
                    + (versions.isEmpty ? "no versions" : versions.suffix(4).joined(separator: ", "))
            case .tokenRefused(let errcode, let url):
                "the homeserver refused the access token (\(errcode ?? "401")) for \(url.path)"
            case .tooLarge(let id, let count, let limit?):
                "\(id) is \(count) bytes, over the homeserver's upload limit of \(limit) bytes (m.upload.size)"
            case .tooLarge(let id, let count, nil):
                "\(id) is \(count) bytes, more than the homeserver accepts (413 M_TOO_LARGE)"
            case .rateLimited(let url, let delay):
                "the homeserver rate-limited \(url.path) (429 M_LIMIT_EXCEEDED"
                    + (delay.map { ", retry after \($0) s" } ?? "") + ")"
            case .refused(let url, let status, let errcode, let message):
                "the homeserver answered \(status)\(errcode.map { " \($0)" } ?? "") for \(url.path)"
                    + (message.map { ": \($0.prefix(200))" } ?? "")
            case .malformedResponse(let url, let reason): "unexpected answer from \(url.path): \(reason)"
            case .connectionFailed(let url, let reason): "no answer from \(url.absoluteString): \(reason)"
            case .uploadFailed(let error): "\(error)"
            case .encryptionFailed(let error): "encrypting the file failed: \(error)"
            }
        }

        /// The error for a refused request to `url`: `status` and the Matrix error in `body`.
        static func refusal(
            _ url: URL, statusCode: Int, body: Data?, retryAfter: Double? = nil,
            upload: (part: PartID, byteCount: Int64, limit: Int64?)? = nil
        ) -> Error {
            var errcode: String?
            var message: String?
            if let body, case .object(let fields)? = JSONValue.parse(body) {
                if case .string(let code)? = fields["errcode"] { errcode = code }
                if case .string(let text)? = fields["error"] { message = text }
            }
            switch (statusCode, errcode) {
            case (401, _), (_, "M_UNKNOWN_TOKEN"?), (_, "M_MISSING_TOKEN"?):
                return .tokenRefused(errcode: errcode, url: url)
            case (413, _), (_, "M_TOO_LARGE"?):
                if let upload { return .tooLarge(upload.part, byteCount: upload.byteCount, limit: upload.limit) }
                return .refused(url, statusCode: statusCode, errcode: errcode, message: message)
            case (429, _), (_, "M_LIMIT_EXCEEDED"?):
                // The header first, as the retry policy waits it (MSC4041), then the body's.
                let fromBody = body.flatMap {
                    HTTPStatusError(statusCode: 429, retryAfterHeader: nil, responseBody: $0).retryAfter
                }
                return .rateLimited(url, retryAfter: retryAfter ?? fromBody)
            default:
                return .refused(url, statusCode: statusCode, errcode: errcode, message: message)
            }
        }
    }
}
