extension DownloadCoordinator {
    /// How a ``DownloadCoordinator`` runs its transfers.
    public struct Configuration: Sendable {
        /// The most transfers that run at once; more wait, highest priority first. At least 1.
        /// A part the chat SDK is already downloading is joined at once and takes no slot.
        public var maximumConcurrentTransfers: Int
        /// When a failed attempt is tried again.
        public var retryPolicy: RetryPolicy
        /// How often observers hear about progress.
        public var progressThrottle: TransferProgress.Throttle
        /// The time source for throttling, retry back-off, and the idle timeout and deadline
        /// of the ``RemotePart`` downloads the coordinator runs: the system's, or a test's.
        package var clock: any TransferClock
        /// Called with what the coordinator ignored or worked around (see
        /// ``DownloadCoordinator/Diagnostic``), from any thread; `nil` to ignore them.
        public var diagnostics: (@Sendable (DownloadCoordinator.Diagnostic) -> Void)?

        /// Creates a configuration.
        public init(
            maximumConcurrentTransfers: Int = 4, retryPolicy: RetryPolicy = .default,
            progressThrottle: TransferProgress.Throttle = .default,
            diagnostics: (@Sendable (DownloadCoordinator.Diagnostic) -> Void)? = nil
        ) {
            self.init(
                maximumConcurrentTransfers: maximumConcurrentTransfers, retryPolicy: retryPolicy,
                progressThrottle: progressThrottle, clock: SystemTransferClock(), diagnostics: diagnostics)
        }

        /// Creates a configuration timed by `clock`.
        package init(
            maximumConcurrentTransfers: Int = 4, retryPolicy: RetryPolicy = .default,
            progressThrottle: TransferProgress.Throttle = .default, clock: any TransferClock,
            diagnostics: (@Sendable (DownloadCoordinator.Diagnostic) -> Void)? = nil
        ) {
            self.maximumConcurrentTransfers = max(1, maximumConcurrentTransfers)
            self.retryPolicy = retryPolicy
            self.progressThrottle = progressThrottle
            self.clock = clock
            self.diagnostics = diagnostics
        }
    }
}
