/// The hash table and list mechanics of ``LRUIndex``: probing, linking, removal with backward
/// shifting, and growth.
extension LRUIndex {
    /// The bucket holding `key`, or `nil`.
    @inline(__always)
    func bucket(of key: Key) -> Int? {
        var position = home(of: Self.hash(of: key))
        while let candidate = buckets[position].key {
            if candidate == key { return position }
            position = (position &+ 1) & mask
        }
        return nil
    }

    @inline(__always)
    static func hash(of key: Key) -> UInt32 {
        UInt32(truncatingIfNeeded: key.indexHash)
    }

    /// The bucket where the probe sequence of `hash` starts: its low bits.
    ///
    /// The hash is a `UInt32` on every platform, and only its low bits are wanted, so it is
    /// truncated, not converted: `Int(hash)` traps for every hash of 2³¹ or more where `Int` is
    /// 32 bits (Apple Watch's arm64_32), half of all keys. `mask` is below the bucket count,
    /// so the result is a valid bucket on every platform.
    @inline(__always)
    func home(of hash: UInt32) -> Int {
        Int(truncatingIfNeeded: hash) & mask
    }

    /// The smallest power-of-two bucket count that keeps `count` entries at most three quarters
    /// full.
    static func bucketCount(for count: Int) -> Int {
        var capacity = 16
        while capacity * 3 < count * 4 { capacity *= 2 }
        return capacity
    }

    /// The first empty bucket on the probe sequence of `hash`.
    func emptyBucket(for hash: UInt32) -> Int {
        var position = home(of: hash)
        while buckets[position].key != nil { position = (position &+ 1) & mask }
        return position
    }

    /// Links the entry at `position`, whose `older` link is already the current newest, as the
    /// newest entry.
    mutating func linkAsNewest(_ position: Int) {
        let slot = Int32(truncatingIfNeeded: position)
        if newest != LRUIndex.none { links[Int(newest)].newer = slot }
        newest = slot
        if oldest == LRUIndex.none { oldest = slot }
    }

    mutating func unlink(_ position: Int) {
        let link = links[position]
        if link.newer != LRUIndex.none { links[Int(link.newer)].older = link.older } else { newest = link.older }
        if link.older != LRUIndex.none { links[Int(link.older)].newer = link.newer } else { oldest = link.newer }
    }

    mutating func moveToNewest(_ position: Int) {
        guard position != Int(newest) else { return }
        unlink(position)
        links[position] = Link(newer: LRUIndex.none, older: newest)
        linkAsNewest(position)
    }

    /// Removes the entry at `position`, shifts back the later buckets of its probe run that
    /// would otherwise become unreachable, and returns the entry's key and value.
    mutating func free(_ position: Int) -> (key: Key?, value: Value?) {
        unlink(position)
        let freed = (buckets[position].key.take(), buckets[position].value.take())
        totalCost -= costs[position]
        count -= 1
        var hole = position
        var next = (hole &+ 1) & mask
        while let key = buckets[next].key {
            let ideal = home(of: Self.hash(of: key))
            if (hole &- ideal) & mask < (next &- ideal) & mask {
                move(from: next, to: hole)
                hole = next
            }
            next = (next &+ 1) & mask
        }
        costs[hole] = 0
        links[hole] = Link(newer: LRUIndex.none, older: LRUIndex.none)
        return freed
    }

    /// Moves the entry at `source` into the empty bucket `target` and points its neighbours
    /// (or `newest` and `oldest`) at its new bucket.
    private mutating func move(from source: Int, to target: Int) {
        buckets.swapAt(source, target)
        costs[target] = costs[source]
        let link = links[source]
        links[target] = link
        let slot = Int32(truncatingIfNeeded: target)
        if link.newer != LRUIndex.none { links[Int(link.newer)].older = slot } else { newest = slot }
        if link.older != LRUIndex.none { links[Int(link.older)].newer = slot } else { oldest = slot }
    }

    /// Doubles the table, re-inserting the entries from the oldest to the newest so that the
    /// order is kept.
    mutating func grow() {
        var oldBuckets = buckets
        let oldLinks = links
        let oldCosts = costs
        let capacity = buckets.count * 2
        buckets = CacheAlignedBuffer(repeating: Bucket(), count: capacity)
        links = Array(repeating: Link(newer: LRUIndex.none, older: LRUIndex.none), count: capacity)
        costs = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        var position = oldest
        newest = LRUIndex.none
        oldest = LRUIndex.none
        while position != LRUIndex.none {
            let source = Int(position)
            position = oldLinks[source].newer
            guard let key = oldBuckets[source].key else { continue }
            let target = emptyBucket(for: Self.hash(of: key))
            swap(&buckets[target], &oldBuckets[source])
            costs[target] = oldCosts[source]
            links[target] = Link(newer: LRUIndex.none, older: newest)
            linkAsNewest(target)
        }
    }
}
