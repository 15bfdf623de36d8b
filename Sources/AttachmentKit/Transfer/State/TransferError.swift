/// Why a transfer (a part's download or upload) produced nothing: it was cancelled, it failed
/// (with the error of its last attempt), or the part has no way to download.
///
/// ``DownloadCoordinator`` and ``PartDownload`` throw it for downloads, ``UploadCoordinator`` for
/// uploads, and ``ProgressObserver/transfer(of:didFinishWith:)`` carries it for both. The error
/// of the last attempt is in ``underlying``: a ``RemotePartError`` or an ``HTTPStatusError`` for a
/// download, an ``UploadError`` for an upload, or whatever a chat SDK's part threw.
public enum TransferError: Error, Sendable, CustomStringConvertible {
    /// The caller left (by cancelling its task, ``PartDownload/cancel()`` or
    /// ``UploadCoordinator/cancel(_:)``), or the transfer was cancelled before it finished.
    case cancelled(PartID)
    /// The part's transfer failed `attempts` times, and the last error was final or the
    /// ``RetryPolicy`` allowed no more attempts.
    case failed(PartID, attempts: Int, underlying: any Error)
    /// The part has no local content and no way to download it: what a ``MessagePart`` without
    /// its own ``MessagePart/downloadContent(reportingTo:)`` throws when it is not local.
    case notDownloadable(PartID)

    /// The part the transfer was for.
    public var partID: PartID {
        switch self {
        case .cancelled(let id), .failed(let id, _, _), .notDownloadable(let id): id
        }
    }

    /// The error the part's last attempt threw, or `nil` for a cancellation.
    public var underlying: (any Error)? {
        if case .failed(_, _, let error) = self { return error }
        return nil
    }

    /// Whether this is a cancellation.
    public var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .cancelled(let id):
            return "the transfer of part \(id) was cancelled"
        case .failed(let id, let attempts, let error):
            let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
            return "the transfer of part \(id) failed after \(tries): \(error)"
        case .notDownloadable(let id):
            return "part \(id) has no local content and can't be downloaded"
        }
    }
}
