extension DefaultContentStore {
    /// What the memory tier of a ``DefaultContentStore`` keeps: the small things a chat screen shows
    /// over and over — previews, size parts, thumbnails — and not originals.
    ///
    /// An entry larger than ``maximumEntryByteCount`` stays on disk only and is served as a
    /// ``PartContent/file(_:)`` URL, so a multi-megabyte original never takes memory a hundred
    /// previews could use. Previews (512 pixels on the long edge) are 30–150 KB; originals are
    /// megabytes.
    ///
    /// ```swift
    /// let store = DefaultContentStore(memory: DefaultContentStore.MemoryPolicy(costLimit: 16 << 20))  // an extension
    /// ```
    public struct MemoryPolicy: Sendable, Equatable {
        /// The most bytes the memory tier holds; least recently used entries are evicted past it.
        public var costLimit: Int64
        /// The largest entry the memory tier keeps, in bytes; larger content is served from disk as
        /// a file URL. At most ``costLimit``.
        public var maximumEntryByteCount: Int64

        /// 64 MiB in all, entries of at most 1 MiB: what ``recommended`` gives an app on a device
        /// with 4 GiB of memory or more.
        public static let `default` = DefaultContentStore.MemoryPolicy()

        /// The policy for this process, which ``DefaultContentStore`` uses unless given another:
        /// scaled by the device's memory and the kind of process. An app gets 1/64 of the device's
        /// memory, from 16 to 64 MiB; an app extension (whose memory limit is tens of megabytes)
        /// 1/512, from 4 to 8 MiB; an Apple Watch app 1/64, from 4 to 16 MiB. Entries are at most
        /// 1 MiB, and at most an eighth of the limit.
        public static var recommended: DefaultContentStore.MemoryPolicy {
            let costLimit = MemoryBudget.current.memoryTierCostLimit
            return DefaultContentStore.MemoryPolicy(
                costLimit: costLimit, maximumEntryByteCount: min(1 << 20, costLimit / 8))
        }

        /// Creates a policy. Negative values count as zero (nothing is kept in memory), and an entry
        /// cap above the cost limit is lowered to it.
        ///
        /// - Parameters:
        ///   - costLimit: The most bytes in memory; 64 MiB by default.
        ///   - maximumEntryByteCount: The largest entry kept in memory; 1 MiB by default.
        public init(costLimit: Int64 = 64 << 20, maximumEntryByteCount: Int64 = 1 << 20) {
            self.costLimit = max(0, costLimit)
            self.maximumEntryByteCount = min(self.costLimit, max(0, maximumEntryByteCount))
        }
    }
}
