extension DownloadCoordinator {
    /// Something a ``DownloadCoordinator`` noticed and handled on its own, reported through
    /// ``DownloadCoordinator/Configuration/diagnostics`` so that an app can log it.
    ///
    /// None of these reaches a caller: a diagnostic is what the coordinator ignored or worked
    /// around.
    public enum Diagnostic: Sendable, CustomStringConvertible {
        /// A part did something its state did not allow and it was ignored, such as reporting
        /// progress after its download had finished; `reason` says what and in which state.
        case illegalTransition(PartID, reason: String)
        /// Downloaded content could not be put in the content store; callers got the content
        /// from the part instead, and what the store held before is intact.
        case storeFailed(PartID, reason: String)
        /// An attempt failed with a retryable error; another attempt starts after `delay`
        /// seconds.
        case retrying(PartID, attempt: Int, delay: Double, error: any Error)

        public var description: String {
            switch self {
            case .illegalTransition(let id, let reason): "part \(id): ignored: \(reason)"
            case .storeFailed(let id, let reason): "part \(id): not stored: \(reason)"
            case .retrying(let id, let attempt, let delay, let error):
                "part \(id): attempt \(attempt) failed (\(error)); retrying in \(delay) s"
            }
        }
    }
}
