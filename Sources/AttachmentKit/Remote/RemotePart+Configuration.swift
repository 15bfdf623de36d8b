extension RemotePart {
    /// The rules every ``RemotePart`` download of a ``RemotePart/Downloader`` follows, with the
    /// defaults a chat app would choose.
    public struct Configuration: Sendable, Equatable {
        /// The URL schemes that may be fetched, redirects included, in lowercase. Only `https`
        /// by default; add `http` or `file` to opt in.
        public var allowedSchemes: Set<String>
        /// The most bytes one part may have: a larger announced length is refused before the
        /// body is read, and a body that grows past it is stopped. 256 MiB by default.
        public var maximumByteCount: Int64
        /// The most redirects one request may follow. 10 by default (at least 0).
        public var maximumRedirects: Int
        /// How long the download may wait for the response head or the next byte, in seconds.
        /// 30 by default.
        public var idleTimeout: Double
        /// How long one download attempt may take in all, in seconds. 600 by default.
        public var totalTimeout: Double
        /// The most downloads that run at once against one host (scheme, host and port); more
        /// wait. 6 by default, URLSession's own per-host connection limit.
        public var maximumConcurrentTransfersPerHost: Int

        /// Creates a configuration. Out-of-range values are clamped: timeouts to at least
        /// 0.01 s, limits to at least 1 (0 for redirects).
        public init(
            allowedSchemes: Set<String> = ["https"], maximumByteCount: Int64 = 256 << 20, maximumRedirects: Int = 10,
            idleTimeout: Double = 30, totalTimeout: Double = 600, maximumConcurrentTransfersPerHost: Int = 6
        ) {
            self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
            self.maximumByteCount = max(1, maximumByteCount)
            self.maximumRedirects = max(0, maximumRedirects)
            self.idleTimeout = Self.seconds(idleTimeout)
            self.totalTimeout = Self.seconds(totalTimeout)
            self.maximumConcurrentTransfersPerHost = max(1, maximumConcurrentTransfersPerHost)
        }

        /// The defaults: https only, 256 MiB, 10 redirects, 30 s idle, 600 s in all, 6 per host.
        public static let `default` = RemotePart.Configuration()

        private static func seconds(_ value: Double) -> Double {
            value.isFinite ? max(0.01, value) : 0.01
        }
    }
}
