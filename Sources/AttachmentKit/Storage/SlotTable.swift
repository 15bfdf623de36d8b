/// An open-addressing hash table from key hashes to the slots of ``LRUIndex``'s entries.
///
/// Each bucket holds 32 bits of the key's hash and the slot, 8 bytes in one array, so a
/// lookup reads one bucket (usually) and then the entry it needs anyway. (`Dictionary` keeps
/// its occupancy bits, keys and values in three arrays: three cache misses where this has one.)
/// Linear probing at most half full; removal shifts later buckets back, so no tombstones.
struct SlotTable {
    private struct Bucket {
        var hash: UInt32
        /// The entry's slot, or -1 for an empty bucket.
        var slot: Int32
    }

    private var buckets: [Bucket]
    private var mask: Int
    private(set) var count = 0

    init(minimumCapacity: Int = 0) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        buckets = Array(repeating: Bucket(hash: 0, slot: -1), count: capacity)
        mask = capacity - 1
    }

    /// Where the search for `hash` starts.
    @inline(__always)
    func probeStart(_ hash: UInt32) -> Int { Int(hash) & mask }

    /// The next slot stored under `hash` from `position` on (moving `position` past it), or
    /// `nil` when there is none. The caller checks whether the slot's key is the one it wants.
    @inline(__always)
    func nextSlot(_ hash: UInt32, from position: inout Int) -> Int32? {
        while true {
            let bucket = buckets[position]
            if bucket.slot < 0 { return nil }
            position = (position &+ 1) & mask
            if bucket.hash == hash { return bucket.slot }
        }
    }

    /// Stores `slot` under `hash`; the caller knows the key is not in the table.
    mutating func insert(_ hash: UInt32, slot: Int32) {
        if (count + 1) * 2 > buckets.count { grow() }
        var index = Int(hash) & mask
        while buckets[index].slot >= 0 { index = (index &+ 1) & mask }
        buckets[index] = Bucket(hash: hash, slot: slot)
        count += 1
    }

    /// Removes the bucket holding `slot` under `hash`.
    mutating func remove(_ hash: UInt32, slot: Int32) {
        var hole = Int(hash) & mask
        while buckets[hole].slot != slot {
            guard buckets[hole].slot >= 0 else { return }
            hole = (hole &+ 1) & mask
        }
        // Shift back every later bucket of the run that would no longer be reachable.
        var next = (hole &+ 1) & mask
        while buckets[next].slot >= 0 {
            let ideal = Int(buckets[next].hash) & mask
            let distanceToNext = (next &- ideal) & mask
            let distanceToHole = (hole &- ideal) & mask
            if distanceToHole < distanceToNext {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        buckets[hole] = Bucket(hash: 0, slot: -1)
        count -= 1
    }

    private mutating func grow() {
        let old = buckets
        buckets = Array(repeating: Bucket(hash: 0, slot: -1), count: old.count * 2)
        mask = buckets.count - 1
        for bucket in old where bucket.slot >= 0 {
            var index = Int(bucket.hash) & mask
            while buckets[index].slot >= 0 { index = (index &+ 1) & mask }
            buckets[index] = bucket
        }
    }
}

/// A key of an ``LRUIndex``: any `Hashable` value, with a way to give its hash without
/// hashing again.
protocol LRUIndexKey: Hashable {
    /// A well-distributed hash of the key.
    var indexHash: Int { get }
}

extension LRUIndexKey {
    var indexHash: Int { hashValue }
}

extension PrehashedKey: LRUIndexKey {}

extension SHA256Digest: LRUIndexKey {
    var indexHash: Int { Int(truncatingIfNeeded: word3) }
}
