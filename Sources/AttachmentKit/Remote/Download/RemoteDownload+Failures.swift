import Foundation

/// How a body that stopped short is reported.
extension RemoteDownload {
    /// The most times one attempt resumes after ``URLSessionTransport/Error/consumerTooSlow(bufferedBytes:)``.
    static let maximumOverruns = 64

    /// The transport stopped because the body was not written fast enough; `error` is what
    /// to report if it keeps happening.
    struct Overrun: Swift.Error {
        let error: RemotePartError
    }

    /// The error to throw for a body that stopped with `error`; discards the partial when it
    /// can't be resumed (too large, overlong).
    func failure(_ error: any Error, received: Int64, total: Int64?) async -> any Error {
        if Task.isCancelled || error is CancellationError { return CancellationError() }
        if let remote = error as? RemotePartError {
            switch remote {
            case .tooLarge, .overlong: await store.discardPartialDownload(for: key)
            default: break
            }
            return remote
        }
        if let overrun = error as? URLSessionTransport.Error, case .consumerTooSlow = overrun, received > 0 {
            return Overrun(error: .connectionFailed(reason: "\(overrun)", receivedBytes: received))
        }
        if let total, received < total { return RemotePartError.truncated(received: received, expected: total) }
        return RemotePartError.connectionFailed(reason: String(describing: error), receivedBytes: received)
    }
}
