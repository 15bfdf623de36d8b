import AttachmentKit
import Foundation

/// Figures for the content stores: the in-memory store against a `Dictionary` behind one lock
/// and against `NSCache`, and the file store against the file operations it replaces (see
/// `StorageFileFigures.swift`).
let storageFigures: [Figure] = memoryStoreFigures + fileStoreFigures

/// 80 % reads and 20 % writes over 100,000 keys, on one thread and on two. Every store holds
/// all the keys (no evictions), so that each does the same work as the plain dictionary.
private let memoryStoreFigures: [Figure] =
    [1, 2].flatMap { threads in
        [
            Figure(name: "memory-store-vs-dictionary-\(threads)-thread") {
                let workload = MemoryWorkload.shared
                let (store, dictionary) = workload.compare(
                    threads: threads, InMemoryStoreOperations(workload), LockedDictionaryOperations(workload))
                // The real limit: a bare dictionary does less than an LRU cache can.
                return FigureResult(value: store, unit: "ops/s", baseline: dictionary, target: .ratioAtLeast(0.8))
            },
            // NSCache needs class keys: an app keeping ContentKey values in it boxes the key for
            // every call, as this figure does.
            Figure(name: "memory-store-vs-nscache-\(threads)-thread") {
                let workload = MemoryWorkload.shared
                let (store, cache) = workload.compare(
                    threads: threads, InMemoryStoreOperations(workload), NSCacheOperations(workload, preboxed: false))
                // Not 3: a bare dictionary is only 2.7–3.6 times NSCache on this workload.
                return FigureResult(value: store, unit: "ops/s", baseline: cache, target: .ratioAtLeast(2))
            },
            // NSCache's best case: every key boxed once beforehand.
            Figure(name: "memory-store-vs-nscache-preboxed-\(threads)-thread") {
                let workload = MemoryWorkload.shared
                let (store, cache) = workload.compare(
                    threads: threads, InMemoryStoreOperations(workload), NSCacheOperations(workload, preboxed: true))
                return FigureResult(value: store, unit: "ops/s", baseline: cache, target: .ratioAtLeast(2))
            },
        ]
    }
    + [1, 2].map { threads in
        // A cache that holds a fifth of what is asked of it, each entry costing its byte count: how
        // an app bounds memory with NSCache's totalCostLimit. NSCache keeps its entries in a list
        // sorted by cost and walks it on every insert of a new key (on Linux).
        Figure(name: "memory-store-vs-nscache-costed-churn-\(threads)-thread") {
            let workload = MemoryWorkload.shared
            let budget = workload.totalCost / 5
            let (store, cache) = workload.compare(
                threads: threads, operations: 100_000, preload: false, runs: 5,
                InMemoryStoreOperations(workload, costLimit: budget),
                NSCacheOperations(workload, preboxed: true, costLimit: budget))
            return FigureResult(value: store, unit: "ops/s", baseline: cache, target: .ratioAtLeast(3))
        }
    }

/// The keys and the seeded sequence of operations every memory figure replays.
private struct MemoryWorkload: Sendable {
    static let shared = MemoryWorkload()

    let keys: [ContentKey] = (0..<100_000).map { ContentKey(partID: PartID("part-\($0)"), representation: "preview") }
    /// Key indices; a negative entry `-(i + 1)` writes key `i`, a positive one reads it.
    let operations: [Int]
    let value = PartContent.data(Data(repeating: 0xAB, count: 64))
    /// What each key's content costs in the costed figure: a preview's byte count, 1–64 KiB.
    let costs: [Int64]
    var totalCost: Int64 { costs.reduce(0, +) }

    private init() {
        var state: UInt64 = 42
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        operations = (0..<1_000_000).map { _ in
            let random = next()
            let index = Int((random >> 33) % 100_000)
            return (random >> 20) % 10 < 2 ? -(index + 1) : index
        }
        costs = (0..<100_000).map { _ in Int64(1_024 + (next() >> 33) % 64_512) }
    }

    /// The median operations per second of `threads` threads sharing the first `operations`
    /// operations, for the store and for the baseline, after every key has been written once
    /// when `preload`. Runs of the two alternate, so that a change in the machine's load
    /// affects both alike.
    func compare(
        threads: Int, operations count: Int = 1_000_000, preload: Bool = true, runs: Int = 7,
        _ store: some MemoryOperations, _ baseline: some MemoryOperations
    ) -> (Double, Double) {
        if preload {
            for index in keys.indices {
                store.write(index)
                baseline.write(index)
            }
        }
        let replayed = operations.prefix(count)
        var storeSamples: [Double] = []
        var baselineSamples: [Double] = []
        for _ in 0..<runs {
            storeSamples.append(seconds(threads: threads, replayed, store))
            baselineSamples.append(seconds(threads: threads, replayed, baseline))
        }
        let total = Double(replayed.count / threads * threads)
        return (total / Measure.median(storeSamples), total / Measure.median(baselineSamples))
    }

    private func seconds(threads: Int, _ operations: ArraySlice<Int>, _ store: some MemoryOperations) -> Double {
        let share = operations.count / threads
        return Measure.medianSeconds(runs: 1) {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                var hits = 0
                let start = operations.startIndex + thread * share
                for operation in operations[start..<start + share] {
                    if operation < 0 {
                        store.write(-operation - 1)
                    } else if store.read(operation) {
                        hits += 1
                    }
                }
                blackHole(hits)
            }
        }
    }
}

/// Reads and writes of the workload's key at an index.
private protocol MemoryOperations: Sendable {
    func read(_ index: Int) -> Bool
    func write(_ index: Int)
}

/// The store, holding every key at a cost of 64 each or, given a `costLimit`, as many as that
/// allows at the workload's costs.
private struct InMemoryStoreOperations: MemoryOperations {
    let store: InMemoryContentStore
    let workload: MemoryWorkload
    let costed: Bool
    init(_ workload: MemoryWorkload, costLimit: Int64? = nil) {
        self.workload = workload
        costed = costLimit != nil
        store = InMemoryContentStore(costLimit: costLimit ?? 1 << 30, countLimit: costed ? .max : 100_000)
    }
    func read(_ index: Int) -> Bool { store.content(for: workload.keys[index]) != nil }
    func write(_ index: Int) {
        store.insert(workload.value, cost: costed ? workload.costs[index] : 64, for: workload.keys[index])
    }
}

/// The baseline the design names: a plain `Dictionary` behind one lock.
private final class LockedDictionaryOperations: MemoryOperations, @unchecked Sendable {
    // @unchecked Sendable: `entries` is only touched with `lock` held.
    private let lock = NSLock()
    private var entries: [ContentKey: PartContent] = [:]
    private let workload: MemoryWorkload
    init(_ workload: MemoryWorkload) { self.workload = workload }
    func read(_ index: Int) -> Bool { lock.withLock { entries[workload.keys[index]] } != nil }
    func write(_ index: Int) { lock.withLock { entries[workload.keys[index]] = workload.value } }
}

/// `NSCache` with the same count limit (or, given a `costLimit`, the same total cost limit and
/// the workload's costs) and one shared value box, its keys boxed for each call or, when
/// `preboxed`, once beforehand.
private final class NSCacheOperations: MemoryOperations, @unchecked Sendable {
    // @unchecked Sendable: NSCache is thread-safe; the other properties never change.
    private final class KeyBox: NSObject {
        let key: ContentKey
        init(_ key: ContentKey) { self.key = key }
        override var hash: Int { key.hashValue }
        override func isEqual(_ object: Any?) -> Bool { (object as? KeyBox)?.key == key }
    }
    private final class ValueBox {
        let value: PartContent
        init(_ value: PartContent) { self.value = value }
    }
    private let cache = NSCache<KeyBox, ValueBox>()
    private let workload: MemoryWorkload
    private let boxes: [KeyBox]?
    private let valueBox: ValueBox
    private let costed: Bool

    init(_ workload: MemoryWorkload, preboxed: Bool, costLimit: Int64? = nil) {
        if let costLimit {
            cache.totalCostLimit = Int(costLimit)
        } else {
            cache.countLimit = 100_000
        }
        costed = costLimit != nil
        self.workload = workload
        boxes = preboxed ? workload.keys.map(KeyBox.init) : nil
        valueBox = ValueBox(workload.value)
    }

    private func box(_ index: Int) -> KeyBox { boxes?[index] ?? KeyBox(workload.keys[index]) }
    func read(_ index: Int) -> Bool { cache.object(forKey: box(index)) != nil }
    func write(_ index: Int) {
        if costed {
            cache.setObject(valueBox, forKey: box(index), cost: Int(workload.costs[index]))
        } else {
            cache.setObject(valueBox, forKey: box(index))
        }
    }
}
