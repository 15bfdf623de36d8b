import Foundation

/// A least-recently-used content store in memory, bounded by total cost and by entry count.
///
/// Lookup, insertion, removal and eviction take constant time: keys and values live in the
/// buckets of one hash table, and a doubly linked list of bucket numbers orders the entries by
/// use. Unlike `NSCache` (which on Linux evicts the cheapest entries first and walks a list on
/// every insert) it evicts strictly the least recently used entry.
///
/// Every method is synchronous and safe to call from any thread: one lock guards the store and
/// is held only for the dictionary and list update (the key is hashed before the lock is
/// taken). The methods also satisfy the asynchronous
/// ``ContentStore`` requirements, so the store can be used as `any ContentStore`.
///
/// An entry's cost is its byte count (for ``PartContent/data(_:)``); an entry costing more
/// than ``maximumEntryCost`` (by default 10 % of ``costLimit``) is not kept, so that one large
/// original cannot flush every preview.
public final class InMemoryContentStore: ContentStore {
    /// The total cost above which least recently used entries are evicted.
    public let costLimit: Int64
    /// The number of entries above which least recently used entries are evicted.
    package let countLimit: Int
    /// The largest cost of an entry the store keeps: ``costLimit`` times the fraction given at
    /// creation, or the cap given.
    public let maximumEntryCost: Int64

    private let entries: LockedState<LRUIndex<PrehashedKey<ContentKey>, PartContent>>

    /// Creates an empty store that keeps entries of at most `maximumEntryFraction` of
    /// `costLimit` (clamped to `0...1`; NaN counts as zero).
    package convenience init(costLimit: Int64 = 64 << 20, countLimit: Int = .max, maximumEntryFraction: Double) {
        let limit = max(0, costLimit)
        let fraction = maximumEntryFraction.isNaN ? 0 : min(1, max(0, maximumEntryFraction))
        self.init(
            costLimit: limit, countLimit: countLimit, maximumEntryCost: Int64((Double(limit) * fraction).rounded(.down))
        )
    }

    /// Creates an empty store.
    ///
    /// Out-of-range arguments are clamped rather than rejected: a negative limit counts as zero
    /// (the store keeps nothing), and the entry cap is clamped to `0...costLimit`.
    ///
    /// - Parameters:
    ///   - costLimit: The most bytes the store holds; 64 MiB by default.
    ///   - countLimit: The most entries the store holds; unlimited by default.
    ///   - maximumEntryCost: The largest entry kept, in bytes; 10 % of `costLimit` by default.
    public init(costLimit: Int64 = 64 << 20, countLimit: Int = .max, maximumEntryCost: Int64? = nil) {
        self.costLimit = max(0, costLimit)
        self.countLimit = max(0, countLimit)
        let cap = maximumEntryCost ?? Int64((Double(self.costLimit) * 0.1).rounded(.down))
        self.maximumEntryCost = min(self.costLimit, max(0, cap))
        self.entries = LockedState(LRUIndex())
    }

    /// Creates an empty store with the limits of a ``DefaultContentStore/MemoryPolicy``.
    package convenience init(policy: DefaultContentStore.MemoryPolicy) {
        self.init(costLimit: policy.costLimit, maximumEntryCost: policy.maximumEntryByteCount)
    }

    /// The content stored under `key`, or `nil` on a miss. A hit makes the entry the most
    /// recently used.
    public func content(for key: ContentKey) -> PartContent? {
        let key = PrehashedKey(key)
        return entries.withLock { $0.use(key) }
    }

    /// Keeps `content` under `key` unless it costs more than ``maximumEntryCost``, evicting
    /// least recently used entries to stay within the limits. Returns whether it was kept.
    ///
    /// When the content is not kept, what was stored under `key` before is removed, so that a
    /// lookup never returns content older than the last insert.
    ///
    /// - Parameters:
    ///   - content: The content to keep.
    ///   - cost: What the entry costs; by default the byte count of ``PartContent/data(_:)``
    ///     content and the length of the path of ``PartContent/file(_:)`` content.
    ///   - key: The key to keep it under.
    @discardableResult
    public func insert(_ content: PartContent, cost: Int64? = nil, for key: ContentKey) -> Bool {
        let cost = max(0, cost ?? Self.defaultCost(of: content))
        let key = PrehashedKey(key)
        let kept = cost <= maximumEntryCost && countLimit > 0
        // Released after the lock is, so that freeing large buffers doesn't hold it.
        let released: (replaced: PartContent?, evicted: [PartContent]) = entries.withLock { index in
            guard kept else { return (index.remove(key), []) }
            let replaced = index.set(content, cost: cost, for: key)
            return (replaced, Self.evict(from: &index, toCost: costLimit, count: countLimit))
        }
        withExtendedLifetime(released) {}
        return kept
    }

    /// Stores `data` under `key` and returns it as ``PartContent/data(_:)``.
    ///
    /// - Throws: ``ContentStoreError/entryTooLarge(_:byteCount:limit:)`` when `data` is larger
    ///   than ``maximumEntryCost``; what was stored under `key` is then kept.
    @discardableResult
    public func store(_ data: Data, for key: ContentKey) throws(ContentStoreError) -> PartContent {
        let content = PartContent.data(data)
        guard Int64(data.count) <= maximumEntryCost, countLimit > 0 else {
            throw .entryTooLarge(key, byteCount: Int64(data.count), limit: maximumEntryCost)
        }
        insert(content, cost: Int64(data.count), for: key)
        return content
    }

    /// Reads the file at `fileURL` into memory, stores its bytes under `key`, and removes the
    /// file.
    ///
    /// - Throws: ``ContentStoreError/unreadableSource(_:reason:)`` when the file can't be read,
    ///   ``ContentStoreError/entryTooLarge(_:byteCount:limit:)`` when it is larger than
    ///   ``maximumEntryCost``. On failure the file is left where it is and what was stored
    ///   under `key` is kept.
    @discardableResult
    public func storeFile(at fileURL: URL, for key: ContentKey) throws(ContentStoreError) -> PartContent {
        let source = PartContent.file(fileURL)
        let size: Int64
        let data: Data
        do {
            size = try source.byteCount()
            guard size <= maximumEntryCost, countLimit > 0 else {
                throw ContentStoreError.entryTooLarge(key, byteCount: size, limit: maximumEntryCost)
            }
            data = try Data(contentsOf: fileURL)
        } catch let error as ContentStoreError {
            throw error
        } catch {
            throw .unreadableSource(fileURL, reason: PartContent.Error.reason(for: error))
        }
        let stored = try store(data, for: key)
        try? FileManager.default.removeItem(at: fileURL)
        return stored
    }

    /// Removes the content stored under `key`, if any.
    public func removeContent(for key: ContentKey) {
        let key = PrehashedKey(key)
        let removed = entries.withLock { $0.remove(key) }
        withExtendedLifetime(removed) {}
    }

    /// Removes every entry.
    public func removeAll() {
        var removed = LRUIndex<PrehashedKey<ContentKey>, PartContent>()
        entries.withLock { swap(&$0, &removed) }
        withExtendedLifetime(removed) {}
    }

    /// Whether the store holds content for `key`, without making it the most recently used.
    public func contains(_ key: ContentKey) async -> Bool {
        let key = PrehashedKey(key)
        return entries.withLock { $0.peek(key) != nil }
    }

    /// The keys held, least recently used first, without counting a use.
    public func keys() async -> [ContentKey] {
        entries.withLock { index in
            var keys: [ContentKey] = []
            keys.reserveCapacity(index.count)
            index.forEachFromOldest { key, _, _ in
                keys.append(key.base)
                return true
            }
            return keys
        }
    }

    /// The total cost and number of the entries held now.
    public func usage() -> ContentStoreUsage {
        entries.withLock { ContentStoreUsage(byteCount: $0.totalCost, entryCount: $0.count) }
    }

    /// Evicts least recently used entries until the total cost is at most `cost`: call it with
    /// a lower figure (or zero) when the system warns that memory is low.
    public func trim(toCost cost: Int64) {
        let evicted = entries.withLock { Self.evict(from: &$0, toCost: max(0, cost), count: .max) }
        withExtendedLifetime(evicted) {}
    }

    /// Evicts least recently used entries until at most `count` remain.
    public func trim(toCount count: Int) {
        let evicted = entries.withLock { Self.evict(from: &$0, toCost: .max, count: max(0, count)) }
        withExtendedLifetime(evicted) {}
    }

    /// Removes least recently used entries until the index is within both limits, and returns
    /// them so that they are released after the lock is.
    private static func evict(
        from index: inout LRUIndex<PrehashedKey<ContentKey>, PartContent>, toCost cost: Int64, count: Int
    ) -> [PartContent] {
        var evicted: [PartContent] = []
        while index.totalCost > cost || index.count > count, let entry = index.removeLeastRecentlyUsed() {
            evicted.append(entry.value)
        }
        return evicted
    }

    private static func defaultCost(of content: PartContent) -> Int64 {
        switch content {
        case .data(let data): Int64(data.count)
        case .file(let url): Int64(url.path.utf8.count)
        }
    }
}
