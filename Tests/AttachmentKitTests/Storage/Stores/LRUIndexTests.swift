import Testing

@testable import AttachmentKit

@Suite("LRUIndex", .inTurn)
struct LRUIndexTests {
    private func order(_ index: LRUIndex<String, Int>) -> [String] {
        var keys: [String] = []
        index.forEachFromOldest { key, _, _ in
            keys.append(key)
            return true
        }
        return keys
    }

    @Test("use, set and remove keep the order of use from oldest to newest")
    func order() {
        var index = LRUIndex<String, Int>()
        for (offset, key) in ["a", "b", "c", "d"].enumerated() { index.set(offset, cost: 1, for: key) }
        #expect(order(index) == ["a", "b", "c", "d"])
        #expect(index.use("b") == 1)
        #expect(order(index) == ["a", "c", "d", "b"])
        index.set(9, cost: 5, for: "a")
        #expect(order(index) == ["c", "d", "b", "a"])
        #expect(index.totalCost == 8)
        index.remove("d")
        #expect(order(index) == ["c", "b", "a"])
        #expect(index.removeLeastRecentlyUsed()?.key == "c")
        #expect(index.peek("b") == 1)
        #expect(order(index) == ["b", "a"])
        #expect(index.count == 2)
        #expect(index.totalCost == 6)
    }

    @Test("freed slots are reused and the list stays consistent through many random operations")
    func randomOperations() {
        var index = LRUIndex<Int, Int>()
        var model: [Int] = []  // oldest first
        var generator = SeededRandom(seed: 3)
        for _ in 0..<20_000 {
            let key = Int.random(in: 0..<64, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                index.set(key, cost: 1, for: key)
                model.removeAll { $0 == key }
                model.append(key)
            case 1:
                #expect((index.use(key) != nil) == model.contains(key))
                if model.contains(key) {
                    model.removeAll { $0 == key }
                    model.append(key)
                }
            case 2:
                index.remove(key)
                model.removeAll { $0 == key }
            default:
                #expect(index.removeLeastRecentlyUsed()?.key == model.first)
                if !model.isEmpty { model.removeFirst() }
            }
        }
        var keys: [Int] = []
        index.forEachFromOldest { key, _, _ in
            keys.append(key)
            return true
        }
        #expect(keys == model)
        #expect(index.totalCost == Int64(model.count))
    }
}

extension String: LRUIndexKey {}
extension Int: LRUIndexKey {}

/// A key whose hashes collide a lot, to exercise probing, backward-shift removal and growth.
private struct CollidingKey: LRUIndexKey {
    let value: Int
    var indexHash: Int { value % 7 }
}

@Suite("LRUIndex buckets", .inTurn)
struct LRUIndexBucketTests {
    @Test("lookups and the order of use agree with a model through random operations on colliding hashes")
    func agreesWithModel() {
        var index = LRUIndex<CollidingKey, Int>()
        var values: [Int: Int] = [:]
        var order: [Int] = []  // oldest first
        var generator = SeededRandom(seed: 9)
        for step in 0..<30_000 {
            let key = Int.random(in: 0..<300, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                index.set(step, cost: Int64(key), for: CollidingKey(value: key))
                values[key] = step
                order.removeAll { $0 == key }
                order.append(key)
            case 1:
                #expect(index.remove(CollidingKey(value: key)) == values.removeValue(forKey: key))
                order.removeAll { $0 == key }
            case 2:
                #expect(index.use(CollidingKey(value: key)) == values[key])
                if values[key] != nil {
                    order.removeAll { $0 == key }
                    order.append(key)
                }
            default:
                #expect(index.removeLeastRecentlyUsed()?.key.value == order.first)
                if let oldest = order.first {
                    values[oldest] = nil
                    order.removeFirst()
                }
            }
            if step % 1000 == 0 {
                for probe in 0..<300 { #expect(index.peek(CollidingKey(value: probe)) == values[probe]) }
                #expect(keysFromOldest(index) == order)
            }
        }
        #expect(index.count == values.count)
        #expect(index.totalCost == Int64(order.reduce(0, +)))
        #expect(keysFromOldest(index) == order)
    }

    @Test("growing the table keeps every entry, its cost and the order of use")
    func growthKeepsOrder() {
        var index = LRUIndex<Int, Int>()
        for key in 0..<5_000 { index.set(key * 2, cost: Int64(key), for: key) }
        for key in stride(from: 0, to: 5_000, by: 3) { #expect(index.use(key) == key * 2) }
        let expected = (0..<5_000).filter { !$0.isMultiple(of: 3) } + stride(from: 0, to: 5_000, by: 3)
        var keys: [Int] = []
        index.forEachFromOldest { key, value, cost in
            #expect(value == key * 2 && cost == Int64(key))
            keys.append(key)
            return true
        }
        #expect(keys == expected)
        #expect(index.totalCost == Int64((0..<5_000).reduce(0, +)))
    }

    private func keysFromOldest(_ index: LRUIndex<CollidingKey, Int>) -> [Int] {
        var keys: [Int] = []
        index.forEachFromOldest { key, _, _ in
            keys.append(key.value)
            return true
        }
        return keys
    }
}
