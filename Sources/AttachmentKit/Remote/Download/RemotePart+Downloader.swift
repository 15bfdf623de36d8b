import Foundation

extension RemotePart {
    /// Downloads ``RemotePart``s: the ``HTTPTransport`` they use, the rules they follow
    /// (``RemotePart/Configuration``) and the per-host limit they share.
    ///
    /// ```swift
    /// let downloader = RemotePart.Downloader(configuration: RemotePart.Configuration(maximumByteCount: 64 << 20))
    /// let part = RemotePart(id: "p1", url: photoURL, mimeType: .imageJPEG, downloader: downloader)
    /// let content = try await coordinator.content(for: part)
    /// ```
    ///
    /// Through a ``DownloadCoordinator`` whose store keeps partial downloads (a
    /// ``FileContentStore`` or ``DefaultContentStore``), the body streams
    /// into the store's partial-download file and becomes the entry by rename; the partial survives
    /// failures, cancellation and relaunches, and the next attempt resumes it. Called directly
    /// (``RemotePart/downloadContent(reportingTo:)``), a download goes to a scratch store in the
    /// temporary directory that lasts as long as the downloader (the content it returned goes
    /// with it).
    public final class Downloader: Sendable {
        /// The downloader ``RemotePart`` uses unless given another: ``URLSessionTransport/shared``
        /// with the default configuration (https only).
        public static let shared = RemotePart.Downloader()

        /// What sends the requests (`file://` URLs are read directly).
        package let transport: any HTTPTransport
        /// The rules downloads follow.
        package let configuration: RemotePart.Configuration

        let limiter = HostConcurrencyLimiter()
        /// The resource length seen per key in this process, so that a resumed response with
        /// another total is refused even when the part declares no byte count.
        let knownTotals = LockedState<[ContentKey: Int64]>([:])
        private let scratch = LockedState<Result<FileContentStore, ContentStoreError>?>(nil)

        /// Creates a downloader.
        ///
        /// - Parameters:
        ///   - transport: What sends the requests; ``URLSessionTransport/shared`` by default.
        ///   - configuration: The rules downloads follow.
        public init(
            transport: any HTTPTransport = URLSessionTransport.shared,
            configuration: RemotePart.Configuration = .default
        ) {
            self.transport = transport
            self.configuration = configuration
        }

        deinit {
            // Folders a process left behind (it exited with its downloader alive) are removed by
            // the next process's first scratch store: see `RemoteScratchFolders`.
            if case .success(let store)? = scratch.withLock({ $0 }) {
                try? FileManager.default.removeItem(at: store.directory)
            }
        }

        /// Throws ``RemotePartError/schemeNotAllowed(_:)`` unless the configuration allows `url`'s
        /// scheme.
        func checkScheme(of url: URL) throws(RemotePartError) {
            let scheme = url.scheme?.lowercased() ?? ""
            guard configuration.allowedSchemes.contains(scheme) else { throw .schemeNotAllowed(url) }
        }

        /// Downloads `part` into `store` under `key`, reporting progress to `observer`; the idle
        /// timeout and the deadline are measured and waited for on `clock`.
        func download(
            _ part: RemotePart, into store: any PartialDownloadStore, key: ContentKey, clock: any TransferClock,
            reportingTo observer: any ProgressObserver
        ) async throws -> PartContent {
            let origin = HostConcurrencyLimiter.origin(of: part.url)
            try checkScheme(of: part.url)
            try await limiter.acquire(origin, limit: configuration.maximumConcurrentTransfersPerHost)
            let download = RemoteDownload(
                part: part, store: store, key: key, observer: observer,
                follower: RedirectFollower(
                    transport: transport, fileTransport: FileURLTransport(), configuration: configuration),
                configuration: configuration, knownTotals: knownTotals)
            do {
                let content = try await TransferWatchdog.run(
                    idleTimeout: configuration.idleTimeout, totalTimeout: configuration.totalTimeout, clock: clock
                ) { watchdog in
                    try await download.run(watchdog: watchdog)
                }
                await limiter.release(origin)
                return content
            } catch {
                await limiter.release(origin)
                throw error
            }
        }

        /// The scratch store's folder, if it was made.
        var scratchDirectory: URL? {
            if case .success(let store)? = scratch.withLock({ $0 }) { return store.directory }
            return nil
        }

        /// The store downloads go to when no coordinator store takes them (made at first use).
        func scratchStore() throws(ContentStoreError) -> FileContentStore {
            try scratch.withLock { scratch -> Result<FileContentStore, ContentStoreError> in
                if let scratch { return scratch }
                let directory = RemoteScratchFolders.makeLocation()
                let opened = Result { () throws(ContentStoreError) in
                    try FileContentStore(
                        directory: directory, byteCapacity: configuration.maximumByteCount * 4,
                        durability: .processCrashSafe)
                }
                scratch = opened
                return opened
            }.get()
        }
    }
}
