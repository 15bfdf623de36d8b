extension PartDownload {
    /// Where one download of a part stands.
    ///
    /// ```
    /// idle ──start──► downloading(progress) ──complete──► completed(content)
    ///  │                 │  ▲        │
    ///  │                 │  │        └──────fail──────► failed(error)
    ///  │                 │  └───────────retry──────────────┘
    ///  └──cancel──► cancelled ◄──cancel──┘
    /// ```
    ///
    /// Every legal move is listed in one place inside AttachmentKit; anything else is ignored (and
    /// reported as ``DownloadCoordinator/Diagnostic/illegalTransition(_:reason:)``). `completed` and
    /// `cancelled` are final; `failed` is final for the attempt that failed, and
    /// ``PartDownload/retry()`` takes it back to `downloading`. Automatic retries by the ``RetryPolicy`` happen inside `downloading`.
    public enum State: Sendable {
        /// Not started: waiting for a free transfer slot.
        case idle
        /// Bytes are arriving; the progress is the furthest reported so far.
        case downloading(TransferProgress)
        /// The content is whole and local.
        case completed(PartContent)
        /// The download gave up; the error says why and after how many attempts.
        case failed(TransferError)
        /// Every caller left before the download finished, or this caller left.
        case cancelled

        /// Whether nothing more will happen without an explicit retry: completed, failed or
        /// cancelled.
        public var isTerminal: Bool {
            switch self {
            case .idle, .downloading: false
            case .completed, .failed, .cancelled: true
            }
        }

        /// The progress when downloading, otherwise `nil`.
        public var progress: TransferProgress? {
            if case .downloading(let progress) = self { return progress }
            return nil
        }

        /// The content when completed, otherwise `nil`.
        public var content: PartContent? {
            if case .completed(let content) = self { return content }
            return nil
        }

        /// The state's name without its payload, for messages and comparisons.
        public var phase: Phase {
            switch self {
            case .idle: .idle
            case .downloading: .downloading
            case .completed: .completed
            case .failed: .failed
            case .cancelled: .cancelled
            }
        }

        /// The name of a ``PartDownload/State`` without its payload.
        public enum Phase: String, Sendable, Hashable, CaseIterable {
            /// ``PartDownload/State/idle``.
            case idle
            /// ``PartDownload/State/downloading(_:)``.
            case downloading
            /// ``PartDownload/State/completed(_:)``.
            case completed
            /// ``PartDownload/State/failed(_:)``.
            case failed
            /// ``PartDownload/State/cancelled``.
            case cancelled
        }
    }
}

extension PartDownload.State: CustomStringConvertible {
    public var description: String {
        switch self {
        case .idle: "idle"
        case .downloading(let progress): "downloading (\(progress))"
        case .completed: "completed"
        case .failed(let error): "failed: \(error)"
        case .cancelled: "cancelled"
        }
    }
}
