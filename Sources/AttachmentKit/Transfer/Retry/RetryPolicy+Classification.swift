import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RetryPolicy {
    /// Whether an error is worth another attempt.
    enum Classification: Sendable, Hashable {
        /// Another attempt may succeed; the server's requested delay in seconds when it gave
        /// one (`Retry-After`).
        case retryable(after: Double?)
        /// Trying again would fail the same way.
        case final
    }

    /// Sorts an error into retryable or final, as listed in ``RetryPolicy``'s overview.
    func classify(_ error: any Error) -> Classification {
        if let remote = error as? RemotePartError {
            return remote.isRetryable ? .retryable(after: remote.retryAfter) : .final
        }
        if let upload = error as? UploadError {
            return upload.isRetryable ? .retryable(after: upload.retryAfter) : .final
        }
        if let status = error as? HTTPStatusError {
            let retryable = status.isServerError || status.isRateLimited || status.statusCode == 408
            return retryable ? .retryable(after: status.retryAfter) : .final
        }
        if let urlError = error as? URLError {
            return Self.retryableURLErrorCodes.contains(urlError.code) ? .retryable(after: nil) : .final
        }
        return .final
    }

    private static let retryableURLErrorCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .resourceUnavailable, .cannotLoadFromNetwork, .internationalRoamingOff, .callIsActive,
        .dataNotAllowed,
    ]
}
