import Testing

@testable import AttachmentKit

@Suite("LRUIndex")
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

/// A key whose hashes collide a lot, to exercise probing and removal in the slot table.
private struct CollidingKey: LRUIndexKey {
    let value: Int
    var indexHash: Int { value % 7 }
}

@Suite("SlotTable")
struct SlotTableTests {
    @Test("lookups agree with a dictionary through random inserts and removals, with many colliding hashes")
    func agreesWithDictionary() {
        var index = LRUIndex<CollidingKey, Int>()
        var model: [Int: Int] = [:]
        var generator = SeededRandom(seed: 9)
        for step in 0..<30_000 {
            let key = Int.random(in: 0..<300, using: &generator)
            if Bool.random(using: &generator) {
                index.set(step, cost: 1, for: CollidingKey(value: key))
                model[key] = step
            } else {
                #expect(index.remove(CollidingKey(value: key)) == model.removeValue(forKey: key))
            }
            if step % 1000 == 0 {
                for probe in 0..<300 { #expect(index.peek(CollidingKey(value: probe)) == model[probe]) }
            }
        }
        #expect(index.count == model.count)
        for (key, value) in model { #expect(index.peek(CollidingKey(value: key)) == value) }
    }
}
