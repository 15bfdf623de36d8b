import Foundation
import Testing

@testable import AttachmentKit

@Suite("InMemoryContentStore", SuiteTimeLimit.minutes(2), .inTurn)
struct InMemoryContentStoreTests {
    private func key(_ name: String) -> ContentKey { ContentKey(partID: PartID(name)) }
    private func bytes(_ count: Int, _ value: UInt8 = 1) -> Data { Data(repeating: value, count: count) }

    @Test("a stored entry reads back as data and counts toward usage")
    func roundTrip() throws {
        let store = InMemoryContentStore()
        let stored = try store.store(Data("hello".utf8), for: key("a"))
        #expect(stored == .data(Data("hello".utf8)))
        #expect(store.content(for: key("a")) == .data(Data("hello".utf8)))
        #expect(store.content(for: key("b")) == nil)
        #expect(store.usage() == ContentStoreUsage(byteCount: 5, entryCount: 1))
    }

    @Test("the least recently used entry is evicted first, and a read counts as a use")
    func lruOrder() throws {
        let store = InMemoryContentStore(costLimit: 300, maximumEntryFraction: 1)
        try store.store(bytes(100), for: key("a"))
        try store.store(bytes(100), for: key("b"))
        try store.store(bytes(100), for: key("c"))
        #expect(store.content(for: key("a")) != nil)  // a is now newer than b
        try store.store(bytes(100), for: key("d"))
        #expect(store.content(for: key("b")) == nil)
        #expect(store.content(for: key("a")) != nil)
        #expect(store.content(for: key("c")) != nil)
        #expect(store.content(for: key("d")) != nil)
    }

    @Test("the cost limit holds, and only the least recently used entries that must go are evicted")
    func costLimit() throws {
        let store = InMemoryContentStore(costLimit: 1000, maximumEntryFraction: 0.5)
        var generator = SeededRandom(seed: 1)
        // The entries an exact LRU keeps, least recently used first.
        var kept: [(name: String, cost: Int)] = []
        for index in 0..<500 {
            let name = "k\(index % 37)"
            let cost = Int.random(in: 0...500, using: &generator)
            try store.store(bytes(cost), for: key(name))
            kept.removeAll { $0.name == name }
            kept.append((name, cost))
            while kept.reduce(0, { $0 + $1.cost }) > 1000 { kept.removeFirst() }
            let expected = ContentStoreUsage(byteCount: Int64(kept.reduce(0) { $0 + $1.cost }), entryCount: kept.count)
            #expect(store.usage() == expected, "after storing \(cost) bytes under \(name) (store \(index))")
        }
        #expect(kept.allSatisfy { store.content(for: key($0.name)) != nil })
    }

    @Test("the count limit holds, evicting the least recently used")
    func countLimit() throws {
        let store = InMemoryContentStore(countLimit: 3)
        for name in ["a", "b", "c", "d", "e"] { try store.store(bytes(1), for: key(name)) }
        #expect(store.usage().entryCount == 3)
        #expect(store.content(for: key("b")) == nil)
        #expect(store.content(for: key("c")) != nil)
        #expect(store.content(for: key("e")) != nil)
    }

    @Test("replacing an entry updates its cost rather than adding to it")
    func replace() throws {
        let store = InMemoryContentStore(costLimit: 1000)
        try store.store(bytes(50), for: key("a"))
        try store.store(bytes(20, 2), for: key("a"))
        #expect(store.usage() == ContentStoreUsage(byteCount: 20, entryCount: 1))
        #expect(store.content(for: key("a")) == .data(bytes(20, 2)))
    }

    @Test("an entry over the maximum fraction is refused by store(_:for:) and the old content is kept")
    func oversizedStoreThrows() throws {
        let store = InMemoryContentStore(costLimit: 1000)  // maximum entry 100 bytes
        #expect(store.maximumEntryCost == 100)
        try store.store(bytes(100), for: key("a"))
        #expect(throws: ContentStoreError.entryTooLarge(key("a"), byteCount: 101, limit: 100)) {
            try store.store(bytes(101), for: key("a"))
        }
        #expect(store.content(for: key("a")) == .data(bytes(100)))
    }

    @Test("an oversized insert is not kept and drops the older content of its key")
    func oversizedInsert() {
        let store = InMemoryContentStore(costLimit: 1000)
        #expect(store.insert(.data(bytes(10)), for: key("a")))
        #expect(store.insert(.data(bytes(500)), for: key("a")) == false)
        #expect(store.content(for: key("a")) == nil)
        #expect(store.usage() == ContentStoreUsage(byteCount: 0, entryCount: 0))
    }

    @Test("trim(toCost:) evicts least recently used entries down to the figure")
    func trimToCost() throws {
        let store = InMemoryContentStore(costLimit: 1000, maximumEntryFraction: 1)
        for name in ["a", "b", "c", "d"] { try store.store(bytes(100), for: key(name)) }
        _ = store.content(for: key("a"))
        store.trim(toCost: 250)
        #expect(store.usage() == ContentStoreUsage(byteCount: 200, entryCount: 2))
        #expect(store.content(for: key("a")) != nil)
        #expect(store.content(for: key("d")) != nil)
        store.trim(toCost: 0)
        #expect(store.usage() == ContentStoreUsage(byteCount: 0, entryCount: 0))
    }

    @Test("trim(toCount:) keeps the most recently used entries")
    func trimToCount() throws {
        let store = InMemoryContentStore()
        for name in ["a", "b", "c"] { try store.store(bytes(1), for: key(name)) }
        store.trim(toCount: 1)
        #expect(store.content(for: key("c")) != nil)
        #expect(store.usage().entryCount == 1)
    }

    @Test("removeContent and removeAll empty the store")
    func removal() throws {
        let store = InMemoryContentStore()
        try store.store(bytes(3), for: key("a"))
        try store.store(bytes(4), for: key("b"))
        store.removeContent(for: key("a"))
        #expect(store.content(for: key("a")) == nil)
        #expect(store.usage() == ContentStoreUsage(byteCount: 4, entryCount: 1))
        store.removeAll()
        #expect(store.usage() == ContentStoreUsage(byteCount: 0, entryCount: 0))
    }

    @Test("out-of-range limits are clamped: a store with no room keeps nothing")
    func clampedLimits() {
        let store = InMemoryContentStore(costLimit: -5, countLimit: -1, maximumEntryFraction: .nan)
        #expect(store.costLimit == 0)
        #expect(store.countLimit == 0)
        #expect(store.maximumEntryCost == 0)
        #expect(store.insert(.data(Data()), for: key("a")) == false)
        #expect(InMemoryContentStore(maximumEntryFraction: 7).maximumEntryCost == InMemoryContentStore().costLimit)
    }

    @Test("storeFile reads the file into memory and removes it")
    func storeFile() throws {
        let directory = try StorageTemporaryDirectory("memory")
        let file = directory.appending("download")
        try Data("image".utf8).write(to: file)
        let store = InMemoryContentStore()
        #expect(try store.storeFile(at: file, for: key("a")) == .data(Data("image".utf8)))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(throws: ContentStoreError.self) { try store.storeFile(at: file, for: key("b")) }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("works through the ContentStore protocol")
    func asContentStore() async throws {
        let store: any ContentStore = InMemoryContentStore()
        try await store.store(Data([1, 2]), for: key("a"))
        #expect(await store.content(for: key("a")) == .data(Data([1, 2])))
        await store.removeContent(for: key("a"))
        #expect(await store.usage().entryCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "many tasks reading, writing and trimming at once keep the limits and lose no update")
    func concurrentUse() async throws {
        let store = InMemoryContentStore(costLimit: 10_000, countLimit: 50, maximumEntryFraction: 0.05)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var generator = SeededRandom(seed: UInt64(worker))
                    for step in 0..<5_000 {
                        let name = "k\(Int.random(in: 0..<200, using: &generator))"
                        switch step % 10 {
                        case 0, 1:
                            _ = try? store.store(
                                Data(repeating: 7, count: Int.random(in: 0...500, using: &generator)),
                                for: ContentKey(partID: PartID(name)))
                        case 2: store.removeContent(for: ContentKey(partID: PartID(name)))
                        case 3 where step % 1000 == 3: store.trim(toCost: 5_000)
                        default: _ = store.content(for: ContentKey(partID: PartID(name)))
                        }
                    }
                }
            }
        }
        let usage = store.usage()
        #expect(usage.byteCount <= 10_000)
        #expect(usage.entryCount <= 50)
        // The books balance: the usage equals the sum over the entries still there.
        var total: Int64 = 0
        var count = 0
        for index in 0..<200 {
            if case .data(let data) = store.content(for: key("k\(index)")) {
                total += Int64(data.count)
                count += 1
            }
        }
        #expect(ContentStoreUsage(byteCount: total, entryCount: count) == usage)
    }
}
