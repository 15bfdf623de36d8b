/// Why a download did not produce content.
public enum DownloadError: Error, Sendable, CustomStringConvertible {
    /// The caller left (by cancelling its task or calling ``PartDownload/cancel()``), or the
    /// download was cancelled before it finished.
    case cancelled(PartID)
    /// The part's download failed `attempts` times, and the last error was final or the
    /// ``RetryPolicy`` allowed no more attempts.
    case failed(PartID, attempts: Int, underlying: any Error)

    /// The part the download was for.
    public var partID: PartID {
        switch self {
        case .cancelled(let id), .failed(let id, _, _): id
        }
    }

    /// The error the part's download threw last, or `nil` for a cancellation.
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
            return "the download of part \(id) was cancelled"
        case .failed(let id, let attempts, let error):
            let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
            return "the download of part \(id) failed after \(tries): \(error)"
        }
    }
}
