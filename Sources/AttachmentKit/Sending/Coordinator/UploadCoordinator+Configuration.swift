import Foundation

extension UploadCoordinator {
    /// How an ``UploadCoordinator`` uploads: preflight limits, retries, progress and the headers an
    /// app adds.
    public struct Configuration: Sendable {
        /// The largest part accepted, in bytes; `nil` for no limit of the app's. A tus server's
        /// `Tus-Max-Size` applies too. Checked before any byte is sent.
        public var maximumByteCount: Int64?
        /// The media types that may be uploaded (compared by essence); `nil` for any. Checked before
        /// any byte is sent.
        public var allowedTypes: [MIMEType]?
        /// Whether each tus `PATCH` carries an `Upload-Checksum` when the server lists an algorithm
        /// AttachmentKit computes in `Tus-Checksum-Algorithm`: `sha256` when offered, otherwise
        /// `sha1` (the one every tus server must support). A chunk the server refuses (`460`) is
        /// sent again. Costs one extra read of each chunk.
        public var usesChecksums: Bool
        /// The most bytes one tus `PATCH` carries. `nil` (the default) sends the rest of the file in
        /// one `PATCH` when it carries no checksum, and chunks of 2 MiB when it does: a server keeps
        /// nothing of a checksummed `PATCH` cut off by a lost connection or a killed process, so that
        /// whole chunk is sent again, and the chunk bounds what such a cut costs. Set `Int64.max` for
        /// one `PATCH` with a checksum anyway.
        public var maximumChunkByteCount: Int64?
        /// How long a request may go without sending a byte or receiving one before the attempt
        /// fails (retryably) with ``RemotePartError/timedOut(_:)``, in seconds: a stalled server, or a
        /// connection lost without a word. 60 by default.
        public var idleTimeout: Double
        /// When a failed attempt is tried again.
        public var retryPolicy: RetryPolicy
        /// How often observers hear about progress.
        public var progressThrottle: TransferProgress.Throttle
        /// The most uploads running at once against one origin (scheme, host and port); at least 1.
        public var maximumConcurrentUploadsPerHost: Int
        /// Headers added to every request to `URL` (an `Authorization`, for example).
        public var headers: @Sendable (URL) -> HTTPHeaders
        /// The time source for throttling and retry waits: the system's, or a test's.
        package var clock: any TransferClock

        /// Creates a configuration.
        public init(
            maximumByteCount: Int64? = nil, allowedTypes: [MIMEType]? = nil, usesChecksums: Bool = true,
            maximumChunkByteCount: Int64? = nil, idleTimeout: Double = 60, retryPolicy: RetryPolicy = .default,
            progressThrottle: TransferProgress.Throttle = .default, maximumConcurrentUploadsPerHost: Int = 2,
            headers: @escaping @Sendable (URL) -> HTTPHeaders = { _ in HTTPHeaders() }
        ) {
            self.init(
                maximumByteCount: maximumByteCount, allowedTypes: allowedTypes, usesChecksums: usesChecksums,
                maximumChunkByteCount: maximumChunkByteCount, idleTimeout: idleTimeout, retryPolicy: retryPolicy,
                progressThrottle: progressThrottle, maximumConcurrentUploadsPerHost: maximumConcurrentUploadsPerHost,
                headers: headers, clock: SystemTransferClock())
        }

        /// Creates a configuration timed by `clock`.
        package init(
            maximumByteCount: Int64? = nil, allowedTypes: [MIMEType]? = nil, usesChecksums: Bool = true,
            maximumChunkByteCount: Int64? = nil, idleTimeout: Double = 60, retryPolicy: RetryPolicy = .default,
            progressThrottle: TransferProgress.Throttle = .default, maximumConcurrentUploadsPerHost: Int = 2,
            headers: @escaping @Sendable (URL) -> HTTPHeaders = { _ in HTTPHeaders() },
            clock: any TransferClock
        ) {
            self.maximumByteCount = maximumByteCount
            self.allowedTypes = allowedTypes
            self.usesChecksums = usesChecksums
            self.maximumChunkByteCount = maximumChunkByteCount.map { max(1, $0) }
            self.idleTimeout = idleTimeout.isFinite && idleTimeout > 0 ? idleTimeout : 60
            self.retryPolicy = retryPolicy
            self.progressThrottle = progressThrottle
            self.maximumConcurrentUploadsPerHost = max(1, maximumConcurrentUploadsPerHost)
            self.headers = headers
            self.clock = clock
        }
    }
}
