/// A dictionary that remembers the order in which its entries were used, with O(1) lookup,
/// insertion, removal and eviction of the least recently used entry.
///
/// The entries live in the buckets of one open-addressing hash table (linear probing, at most
/// three quarters full), linked by bucket index into a doubly linked list from the least to the most
/// recently used. A lookup reads one bucket, which holds the key and the value together,
/// instead of a hash slot and then the entry it points to: one cache miss instead of two
/// chained ones, which is what a lookup in a large index costs. The list's links and the costs
/// sit in their own arrays beside the buckets, so that a bucket stays small and reordering the
/// list on a hit writes to a small, mostly cached array. There are no objects, so no reference
/// counting and no allocation per entry. Removal shifts later buckets back (no tombstones) and
/// fixes the links of each moved entry's neighbours. Not thread-safe: the stores keep it behind
/// one lock.
struct LRUIndex<Key: LRUIndexKey, Value> {
    /// A bucket: empty when `key` is `nil`.
    struct Bucket {
        var key: Key?
        var value: Value?
    }

    /// A bucket's neighbours in the order of use.
    struct Link {
        /// The bucket of the next more recently used entry, or ``LRUIndex/none``.
        var newer: Int32
        /// The bucket of the next less recently used entry, or ``LRUIndex/none``.
        var older: Int32
    }

    static var none: Int32 { -1 }

    /// The hash table, each bucket on its own cache line when it is 64 bytes
    /// (``CacheAlignedBuffer``).
    var buckets: CacheAlignedBuffer<Bucket>
    /// The links of the entry in each bucket.
    var links: [Link]
    /// The cost of the entry in each bucket.
    var costs: [Int64]
    var mask: Int
    /// The most recently used entry's bucket.
    var newest = LRUIndex.none
    /// The least recently used entry's bucket.
    var oldest = LRUIndex.none

    /// The sum of the entries' costs.
    var totalCost: Int64 = 0

    /// The number of entries.
    var count = 0

    init(minimumCapacity: Int = 0) {
        let capacity = Self.bucketCount(for: minimumCapacity)
        buckets = CacheAlignedBuffer(repeating: Bucket(), count: capacity)
        links = Array(repeating: Link(newer: LRUIndex.none, older: LRUIndex.none), count: capacity)
        costs = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// The value for `key`, marking the entry as the most recently used.
    mutating func use(_ key: Key) -> Value? {
        guard let bucket = bucket(of: key) else { return nil }
        moveToNewest(bucket)
        return buckets[bucket].value
    }

    /// The value for `key`, leaving the order alone.
    func peek(_ key: Key) -> Value? {
        bucket(of: key).flatMap { buckets[$0].value }
    }

    /// The cost recorded for `key`.
    func cost(of key: Key) -> Int64? {
        bucket(of: key).map { costs[$0] }
    }

    /// Stores `value` under `key` as the most recently used entry and returns the value it
    /// replaced.
    @discardableResult
    mutating func set(_ value: Value, cost: Int64, for key: Key) -> Value? {
        let hash = Self.hash(of: key)
        var position = home(of: hash)
        while let candidate = buckets[position].key {
            if candidate == key {
                totalCost += cost - costs[position]
                costs[position] = cost
                let old = buckets[position].value.take()
                buckets[position].value = value
                moveToNewest(position)
                return old
            }
            position = (position &+ 1) & mask
        }
        if (count + 1) * 4 > buckets.count * 3 {
            grow()
            position = emptyBucket(for: hash)
        }
        buckets[position] = Bucket(key: key, value: value)
        costs[position] = cost
        links[position] = Link(newer: LRUIndex.none, older: newest)
        linkAsNewest(position)
        count += 1
        totalCost += cost
        return nil
    }

    /// Stores `value` under a `key` the index doesn't hold yet, as the least recently used
    /// entry; does nothing when it holds `key`. Returns whether it stored the value.
    @discardableResult
    mutating func insertAsOldest(_ value: Value, cost: Int64, for key: Key) -> Bool {
        guard bucket(of: key) == nil else { return false }
        set(value, cost: cost, for: key)
        guard let position = bucket(of: key), count > 1 else { return true }
        unlink(position)
        let slot = Int32(truncatingIfNeeded: position)
        links[position] = Link(newer: oldest, older: LRUIndex.none)
        links[Int(oldest)].older = slot
        oldest = slot
        return true
    }

    /// Changes the value stored under `key` in place, leaving the order and cost alone. Returns
    /// `false` when there is no such entry.
    @discardableResult
    mutating func update(_ key: Key, _ body: (inout Value) -> Void) -> Bool {
        guard let bucket = bucket(of: key), var value = buckets[bucket].value.take() else { return false }
        body(&value)
        buckets[bucket].value = value
        return true
    }

    /// Removes the entry for `key` and returns its value.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let bucket = bucket(of: key) else { return nil }
        return free(bucket).value
    }

    /// Removes the least recently used entry and returns it.
    mutating func removeLeastRecentlyUsed() -> (key: Key, value: Value, cost: Int64)? {
        guard oldest != LRUIndex.none else { return nil }
        let cost = costs[Int(oldest)]
        let freed = free(Int(oldest))
        guard let key = freed.key, let value = freed.value else { return nil }
        return (key, value, cost)
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = LRUIndex()
    }

    /// Calls `body` with each entry from the least to the most recently used, until it returns
    /// `false`. Visits at most ``count`` entries, so that even a damaged list can't loop.
    func forEachFromOldest(_ body: (_ key: Key, _ value: Value, _ cost: Int64) -> Bool) {
        var position = oldest
        var remaining = count
        while position != LRUIndex.none, remaining > 0 {
            remaining -= 1
            let bucket = buckets[Int(position)]
            if let key = bucket.key, let value = bucket.value, !body(key, value, costs[Int(position)]) { return }
            position = links[Int(position)].newer
        }
    }
}

/// A key of an ``LRUIndex``: any `Hashable` value, with a way to give its hash without
/// hashing again.
protocol LRUIndexKey: Hashable {
    /// A well-distributed hash of the key. It is read again whenever the index probes or moves
    /// the key, so it should be cheap: stored, or a word of a digest.
    var indexHash: Int { get }
}

extension LRUIndexKey {
    var indexHash: Int { hashValue }
}

extension SHA256Digest: LRUIndexKey {
    var indexHash: Int { Int(truncatingIfNeeded: word3) }
}

/// A key that carries its hash value, computed once before a lock is taken, so that the
/// dictionary lookup inside the lock hashes one integer instead of the key's strings.
struct PrehashedKey<Base: Hashable>: LRUIndexKey {
    let base: Base
    private let hash: Int

    /// The hash computed at creation.
    var indexHash: Int { hash }

    init(_ base: Base) {
        self.base = base
        self.hash = base.hashValue
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.base == rhs.base
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
