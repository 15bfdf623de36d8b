/// A dictionary that remembers the order in which its entries were used, with O(1) lookup,
/// insertion, removal and eviction of the least recently used entry.
///
/// Entries live in one array of nodes linked into a doubly linked list by index (no objects, so
/// no reference counting and no allocation per entry); a dictionary maps each key to its node.
/// Freed nodes are reused. Not thread-safe: the stores keep it behind one lock.
struct LRUIndex<Key: Hashable, Value> {
    private struct Node {
        var key: Key?
        var value: Value?
        var cost: Int64
        var newer: Int
        var older: Int
    }

    private static var none: Int { -1 }

    private var slots: [Key: Int] = [:]
    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    /// The most recently used node.
    private var newest = LRUIndex.none
    /// The least recently used node.
    private var oldest = LRUIndex.none

    /// The sum of the entries' costs.
    private(set) var totalCost: Int64 = 0

    /// The number of entries.
    var count: Int { slots.count }

    init(minimumCapacity: Int = 0) {
        slots.reserveCapacity(minimumCapacity)
        nodes.reserveCapacity(minimumCapacity)
    }

    /// The value for `key`, marking the entry as the most recently used.
    mutating func use(_ key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToNewest(slot)
        return nodes[slot].value
    }

    /// The value for `key`, leaving the order alone.
    func peek(_ key: Key) -> Value? {
        slots[key].flatMap { nodes[$0].value }
    }

    /// The cost recorded for `key`.
    func cost(of key: Key) -> Int64? {
        slots[key].map { nodes[$0].cost }
    }

    /// Stores `value` under `key` as the most recently used entry and returns the value it
    /// replaced.
    @discardableResult
    mutating func set(_ value: Value, cost: Int64, for key: Key) -> Value? {
        if let slot = slots[key] {
            let old = nodes[slot].value
            totalCost += cost - nodes[slot].cost
            nodes[slot].value = value
            nodes[slot].cost = cost
            moveToNewest(slot)
            return old
        }
        let node = Node(key: key, value: value, cost: cost, newer: LRUIndex.none, older: newest)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        if newest != LRUIndex.none { nodes[newest].newer = slot }
        newest = slot
        if oldest == LRUIndex.none { oldest = slot }
        slots[key] = slot
        totalCost += cost
        return nil
    }

    /// Changes the value stored under `key` in place, leaving the order and cost alone. Returns
    /// `false` when there is no such entry.
    @discardableResult
    mutating func update(_ key: Key, _ body: (inout Value) -> Void) -> Bool {
        guard let slot = slots[key], var value = nodes[slot].value else { return false }
        nodes[slot].value = nil
        body(&value)
        nodes[slot].value = value
        return true
    }

    /// Removes the entry for `key` and returns its value.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let slot = slots.removeValue(forKey: key) else { return nil }
        return free(slot).value
    }

    /// The least recently used entry, without changing the order.
    var leastRecentlyUsed: (key: Key, value: Value, cost: Int64)? {
        guard oldest != LRUIndex.none, let key = nodes[oldest].key, let value = nodes[oldest].value else { return nil }
        return (key, value, nodes[oldest].cost)
    }

    /// Removes the least recently used entry and returns it.
    mutating func removeLeastRecentlyUsed() -> (key: Key, value: Value, cost: Int64)? {
        guard let entry = leastRecentlyUsed else { return nil }
        slots.removeValue(forKey: entry.key)
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
            if let key = nodes[slot].key, let value = nodes[slot].value, !body(key, value, nodes[slot].cost) { return }
            slot = nodes[slot].newer
        }
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (nodes[slot].newer, nodes[slot].older)
        if newer != LRUIndex.none { nodes[newer].older = older } else { newest = older }
        if older != LRUIndex.none { nodes[older].newer = newer } else { oldest = newer }
    }

    private mutating func moveToNewest(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        nodes[slot].older = newest
        nodes[slot].newer = LRUIndex.none
        if newest != LRUIndex.none { nodes[newest].newer = slot }
        newest = slot
        if oldest == LRUIndex.none { oldest = slot }
    }

    private mutating func free(_ slot: Int) -> (key: Key?, value: Value?) {
        unlink(slot)
        let freed = (nodes[slot].key, nodes[slot].value)
        totalCost -= nodes[slot].cost
        nodes[slot] = Node(key: nil, value: nil, cost: 0, newer: LRUIndex.none, older: LRUIndex.none)
        freeSlots.append(slot)
        return freed
    }
}
