/// Something that happens to a download: the input of ``PartDownload/State/applying(_:)``.
enum DownloadStateEvent: Sendable {
    /// The transfer got a slot and its first attempt began.
    case start
    /// The part reported progress.
    case progress(TransferProgress)
    /// The content arrived.
    case complete(PartContent)
    /// The download gave up.
    case fail(TransferError)
    /// The caller (or every caller) left.
    case cancel
    /// A caller asked for another try after a failure.
    case retry

    /// The event without its payload.
    var kind: DownloadStateTransitionError.Event {
        switch self {
        case .start: .start
        case .progress: .progress
        case .complete: .complete
        case .fail: .fail
        case .cancel: .cancel
        case .retry: .retry
        }
    }
}

/// An event that is not legal in the state it arrived in, such as progress after completion
/// or a retry of a download that has not failed.
struct DownloadStateTransitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened to a download, without its payload: the kind of event that was rejected.
    enum Event: String, Sendable, Hashable {
        /// The transfer got a slot and its first attempt began.
        case start
        /// The part reported progress.
        case progress
        /// The content arrived.
        case complete
        /// The download gave up.
        case fail
        /// The caller (or every caller) left.
        case cancel
        /// A caller asked for another try after a failure.
        case retry
    }

    /// The state the download was in.
    let phase: PartDownload.State.Phase
    /// The event that was rejected.
    let event: Event

    /// Creates an error for `event` arriving in `phase`.
    init(phase: PartDownload.State.Phase, event: Event) {
        self.phase = phase
        self.event = event
    }

    var description: String { "a download that is \(phase) can't \(event.rawValue)" }
}

extension PartDownload.State {
    /// The state after `event`: the one table of legal moves.
    ///
    /// | from | event | to |
    /// | --- | --- | --- |
    /// | idle | start | downloading(zero) |
    /// | idle | cancel | cancelled |
    /// | downloading | progress | downloading(progress) |
    /// | downloading | complete | completed |
    /// | downloading | fail | failed |
    /// | downloading | cancel | cancelled |
    /// | failed | retry | downloading(zero) |
    ///
    /// - Throws: ``DownloadStateTransitionError`` for every other pair; the state is unchanged.
    func applying(_ event: DownloadStateEvent) throws(DownloadStateTransitionError) -> PartDownload.State {
        switch (self, event) {
        case (.idle, .start), (.failed, .retry):
            return .downloading(.zero(totalBytes: nil))
        case (.idle, .cancel), (.downloading, .cancel):
            return .cancelled
        case (.downloading, .progress(let progress)):
            return .downloading(progress)
        case (.downloading, .complete(let content)):
            return .completed(content)
        case (.downloading, .fail(let error)):
            return .failed(error)
        default:
            throw DownloadStateTransitionError(phase: phase, event: event.kind)
        }
    }

    /// Applies `event` in place.
    ///
    /// - Throws: ``DownloadStateTransitionError`` when the move is not legal; the state is
    ///   unchanged.
    mutating func apply(_ event: DownloadStateEvent) throws(DownloadStateTransitionError) {
        self = try applying(event)
    }
}
