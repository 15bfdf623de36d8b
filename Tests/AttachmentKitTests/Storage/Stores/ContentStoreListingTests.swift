import Foundation
import Testing

@testable import AttachmentKit

/// What a settings screen asks of any ``ContentStore``: the keys held, least recently used
/// first, and whether a key is held, neither counting as a use; corruption reported apart from
/// a miss where the store can tell.
@Suite("ContentStore listing", SuiteTimeLimit.minutes(2), .inTurn)
struct ContentStoreListingTests {
    private let keys = (0..<3).map { ContentKey(partID: PartID("part-\($0)")) }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the memory store lists its keys and answers contains without changing the order")
    func memoryStore() async throws {
        let store = InMemoryContentStore(costLimit: 300, maximumEntryCost: 100)
        for key in keys { try store.store(Data(count: 100), for: key) }
        _ = store.content(for: keys[0])
        #expect(await store.keys() == [keys[1], keys[2], keys[0]])
        // Looking is not a use: keys[1] stays the least recently used and goes first.
        #expect(await store.contains(keys[1]))
        #expect(await !store.contains(ContentKey(partID: "never stored")))
        try store.store(Data(count: 100), for: ContentKey(partID: "new"))
        #expect(await !store.contains(keys[1]))
        #expect(await store.keys() == [keys[2], keys[0], ContentKey(partID: "new")])
        #expect(try await store.checkedContent(for: keys[2]) != nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the default store lists, looks and reports corruption through its disk tier")
    func defaultStoreOnDisk() async throws {
        let directory = try StorageTemporaryDirectory("listing")
        let store = DefaultContentStore(directory: directory.appending("store"))
        // Larger than the memory tier keeps, so each entry is served from disk.
        for key in keys { try await store.store(Data(repeating: 7, count: 2 << 20), for: key) }
        _ = await store.content(for: keys[0])
        #expect(await store.keys() == [keys[1], keys[2], keys[0]])
        #expect(await store.contains(keys[1]))
        try await store.store(Data(count: 10), for: ContentKey(partID: "new"))
        #expect(await store.keys().first == keys[1])
        // A damaged entry is reported once, then is a miss.
        let path = directory.appending("store/entries/\(keys[2].storageDigest.hex)")
        try Data(count: 5).write(to: path)
        await #expect(throws: ContentStoreError.self) { try await store.checkedContent(for: keys[2]) }
        #expect(try await store.checkedContent(for: keys[2]) == nil)
        #expect(await !store.contains(keys[2]))
        await store.removeAll()
        #expect(await store.keys().isEmpty)
        await (store.backingStore as? TieredContentStore)?.disk.close()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the default store in memory only lists its memory tier")
    func defaultStoreInMemory() async throws {
        let directory = try StorageTemporaryDirectory("listing")
        try Data("not a directory".utf8).write(to: directory.appending("file"))
        let store = DefaultContentStore(directory: directory.appending("file/store"))
        for key in keys { try await store.store(Data(count: 10), for: key) }
        #expect(store.backingStore is InMemoryContentStore)
        #expect(await store.keys() == keys)
        #expect(await store.contains(keys[0]))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a custom store without its own listing still compiles: no keys, and contains asks content")
    func defaultImplementations() async throws {
        let store = FakeContentStore(entries: [keys[0]: Data([1])])
        let any: any ContentStore = store
        #expect(await any.keys().isEmpty)
        #expect(await any.contains(keys[0]))
        #expect(await store.lookups == 1)
        #expect(try await any.checkedContent(for: keys[1]) == nil)
    }
}
