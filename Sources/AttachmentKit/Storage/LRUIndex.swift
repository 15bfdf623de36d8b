/// A dictionary that remembers the order in which its entries were used, with O(1) lookup,
/// insertion, removal and eviction of the least recently used entry.
///
/// Entries live in one array of nodes linked into a doubly linked list by index (no objects, so
/// no reference counting and no allocation per entry); a ``SlotTable`` maps each key's hash to
/// its node. Freed nodes are reused. Not thread-safe: the stores keep it behind one lock.
struct LRUIndex<Key: LRUIndexKey, Value> {
    /// A node: the entry and its neighbours in the list, together so that finding an entry
    /// and unlinking it read the same cache line.
    private struct Entry {
        var key: Key?
        var value: Value?
        var cost: Int64
        var hash: UInt32
        var link: Link
    }

    private struct Link {
        var newer: Int32
        var older: Int32
    }

    private static var none: Int32 { -1 }

    private var slots = SlotTable()
    private var entries: [Entry] = []
    private var freeSlots: [Int32] = []
    /// The most recently used node.
    private var newest = LRUIndex.none
    /// The least recently used node.
    private var oldest = LRUIndex.none

    /// The sum of the entries' costs.
    private(set) var totalCost: Int64 = 0

    /// The number of entries.
    var count: Int { slots.count }

    init(minimumCapacity: Int = 0) {
        slots = SlotTable(minimumCapacity: minimumCapacity)
        entries.reserveCapacity(minimumCapacity)
    }

    /// The value for `key`, marking the entry as the most recently used.
    mutating func use(_ key: Key) -> Value? {
        guard let slot = slot(of: key) else { return nil }
        moveToNewest(slot)
        return entries[Int(slot)].value
    }

    /// The value for `key`, leaving the order alone.
    func peek(_ key: Key) -> Value? {
        slot(of: key).flatMap { entries[Int($0)].value }
    }

    /// The cost recorded for `key`.
    func cost(of key: Key) -> Int64? {
        slot(of: key).map { entries[Int($0)].cost }
    }

    /// Stores `value` under `key` as the most recently used entry and returns the value it
    /// replaced.
    @discardableResult
    mutating func set(_ value: Value, cost: Int64, for key: Key) -> Value? {
        if let slot = slot(of: key) {
            let index = Int(slot)
            totalCost += cost - entries[index].cost
            entries[index].cost = cost
            let old = entries[index].value.take()
            entries[index].value = value
            moveToNewest(slot)
            return old
        }
        let slot: Int32
        let hash = Self.hash(of: key)
        if let free = freeSlots.popLast() {
            slot = free
            entries[Int(slot)] = Entry(
                key: key, value: value, cost: cost, hash: hash, link: Link(newer: LRUIndex.none, older: newest))
        } else {
            slot = Int32(entries.count)
            entries.append(
                Entry(key: key, value: value, cost: cost, hash: hash, link: Link(newer: LRUIndex.none, older: newest)))
        }
        if newest != LRUIndex.none { entries[Int(newest)].link.newer = slot }
        newest = slot
        if oldest == LRUIndex.none { oldest = slot }
        slots.insert(hash, slot: slot)
        totalCost += cost
        return nil
    }

    /// Changes the value stored under `key` in place, leaving the order and cost alone. Returns
    /// `false` when there is no such entry.
    @discardableResult
    mutating func update(_ key: Key, _ body: (inout Value) -> Void) -> Bool {
        guard let slot = slot(of: key), var value = entries[Int(slot)].value.take() else { return false }
        body(&value)
        entries[Int(slot)].value = value
        return true
    }

    /// Removes the entry for `key` and returns its value.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let slot = slot(of: key) else { return nil }
        return free(slot).value
    }

    /// The least recently used entry, without changing the order.
    var leastRecentlyUsed: (key: Key, value: Value, cost: Int64)? {
        guard oldest != LRUIndex.none else { return nil }
        let entry = entries[Int(oldest)]
        guard let key = entry.key, let value = entry.value else { return nil }
        return (key, value, entry.cost)
    }

    /// Removes the least recently used entry and returns it.
    mutating func removeLeastRecentlyUsed() -> (key: Key, value: Value, cost: Int64)? {
        guard let entry = leastRecentlyUsed else { return nil }
        _ = free(oldest)
        return entry
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = LRUIndex()
    }

    /// Calls `body` with each entry from the least to the most recently used, until it returns
    /// `false`.
    func forEachFromOldest(_ body: (_ key: Key, _ value: Value, _ cost: Int64) -> Bool) {
        var slot = oldest
        while slot != LRUIndex.none {
            let entry = entries[Int(slot)]
            if let key = entry.key, let value = entry.value, !body(key, value, entry.cost) { return }
            slot = entry.link.newer
        }
    }

    private mutating func unlink(_ slot: Int32) {
        let link = entries[Int(slot)].link
        if link.newer != LRUIndex.none { entries[Int(link.newer)].link.older = link.older } else { newest = link.older }
        if link.older != LRUIndex.none { entries[Int(link.older)].link.newer = link.newer } else { oldest = link.newer }
    }

    private mutating func moveToNewest(_ slot: Int32) {
        guard slot != newest else { return }
        unlink(slot)
        entries[Int(slot)].link = Link(newer: LRUIndex.none, older: newest)
        if newest != LRUIndex.none { entries[Int(newest)].link.newer = slot }
        newest = slot
        if oldest == LRUIndex.none { oldest = slot }
    }

    private func slot(of key: Key) -> Int32? {
        let hash = Self.hash(of: key)
        var position = slots.probeStart(hash)
        while let candidate = slots.nextSlot(hash, from: &position) {
            if entries[Int(candidate)].key == key { return candidate }
        }
        return nil
    }

    private static func hash(of key: Key) -> UInt32 {
        UInt32(truncatingIfNeeded: key.indexHash)
    }

    private mutating func free(_ slot: Int32) -> (key: Key?, value: Value?) {
        unlink(slot)
        let index = Int(slot)
        slots.remove(entries[index].hash, slot: slot)
        let freed = (entries[index].key.take(), entries[index].value.take())
        totalCost -= entries[index].cost
        entries[index].cost = 0
        entries[index].link = Link(newer: LRUIndex.none, older: LRUIndex.none)
        freeSlots.append(slot)
        return freed
    }
}
