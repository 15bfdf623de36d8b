/// Why a part's upload did not finish.
public enum PartUploadError: Error, Sendable, CustomStringConvertible {
    /// The upload was cancelled: by ``UploadCoordinator/cancel(_:)`` or by the caller's task.
    case cancelled(PartID)
    /// The upload failed `attempts` times, and the last error (an ``UploadError``, a transport
    /// error, a ``UploadCoordinator/Journal/Error``…) was final or the ``RetryPolicy`` allowed no more.
    case failed(PartID, attempts: Int, underlying: any Error)

    /// The part.
    public var partID: PartID {
        switch self {
        case .cancelled(let id), .failed(let id, _, _): id
        }
    }

    /// The last error, or `nil` for a cancellation.
    public var underlying: (any Error)? {
        if case .failed(_, _, let error) = self { return error }
        return nil
    }

    /// The same failure in the type ``ProgressObserver`` callbacks carry.
    var asDownloadError: DownloadError {
        switch self {
        case .cancelled(let id): .cancelled(id)
        case .failed(let id, let attempts, let error): .failed(id, attempts: attempts, underlying: error)
        }
    }

    public var description: String {
        switch self {
        case .cancelled(let id): "the upload of part \(id) was cancelled"
        case .failed(let id, let attempts, let error):
            "the upload of part \(id) failed after \(attempts == 1 ? "1 attempt" : "\(attempts) attempts"): \(error)"
        }
    }
}

extension UploadCoordinator {
    /// Why a message's upload did not finish: the first part that failed. The parts before it are
    /// uploaded and are not sent again when the message is.
    public enum MessageError: Swift.Error, Sendable, CustomStringConvertible {
        /// The part at `index` (in message order) failed; the parts after it were not started.
        case partFailed(index: Int, PartUploadError)

        /// The part that failed.
        public var partID: PartID {
            switch self {
            case .partFailed(_, let error): error.partID
            }
        }

        public var description: String {
            switch self {
            case .partFailed(let index, let error): "part \(index + 1) of the message: \(error)"
            }
        }
    }
}
