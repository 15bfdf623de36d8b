import Foundation
import Testing

@testable import AttachmentKit

/// Listing the keys held: across a reopen and a compaction, in order of use, and never a key
/// whose entry is gone.
@Suite("FileContentStore key listing", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreKeyListingTests {
    private static let keys = [
        ContentKey(partID: "layer:///messages/1/parts/1"),
        ContentKey(partID: "layer:///messages/1/parts/2", representation: "preview"),
        // Longer than one name record, and not ASCII.
        ContentKey(
            partID: PartID("layer:///conversations/\(String(repeating: "\u{1F600}", count: 30))/messages/2/parts/1"),
            representation: "th\u{FC}mbnail"),
        ContentKey(partID: ""),
    ]

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "keys lists what is held, least recently used first, after a reopen and a compaction")
    func listing() async throws {
        let directory = try StorageTemporaryDirectory("listing")
        do {
            let store = try FileContentStore.forTesting(
                in: directory, durability: .processCrashSafe, compactionSlack: 2)
            for (index, key) in Self.keys.enumerated() { try await store.store(Data([UInt8(index)]), for: key) }
            // Rewrites and reuses, enough to compact the journal more than once.
            for round in 0..<10 { try await store.store(Data([UInt8(round)]), for: Self.keys[0]) }
            _ = await store.content(for: Self.keys[1])
            #expect(await store.keys() == [Self.keys[2], Self.keys[3], Self.keys[0], Self.keys[1]])
            await store.close()
        }
        let store = try FileContentStore.forTesting(in: directory)
        #expect(await store.keys() == [Self.keys[2], Self.keys[3], Self.keys[0], Self.keys[1]])
        await store.removeContent(for: Self.keys[3])
        #expect(await store.keys() == [Self.keys[2], Self.keys[0], Self.keys[1]])
        await store.removeAll()
        #expect(await store.keys().isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an evicted entry leaves the listing; a key too long to record is held but not listed")
    func evictionAndLongKeys() async throws {
        let directory = try StorageTemporaryDirectory("listing")
        let store = try FileContentStore.forTesting(in: directory, capacity: 2)
        let long = ContentKey(partID: PartID(String(repeating: "x", count: 5000)))
        try await store.store(Data([1]), for: Self.keys[0])
        try await store.store(Data([2]), for: long)
        #expect(await store.keys() == [Self.keys[0]])
        #expect(await store.contains(long))
        try await store.store(Data([3]), for: Self.keys[1])
        #expect(await store.keys() == [Self.keys[1]])
        let tiered = TieredContentStore(disk: store)
        #expect(await tiered.keys() == [Self.keys[1]])
    }

    @Test("a stored name reads back as its key; bytes that are not one read as nil")
    func storedNames() {
        for key in Self.keys { #expect(ContentKey(storedName: key.storedName) == key) }
        #expect(ContentKey(storedName: [9, 0, 0, 0, 65]) == nil)
        #expect(ContentKey(storedName: [1, 0, 0, 0, 0xFF]) == nil)
        #expect(ContentKey(storedName: [1, 0]) == nil)
    }
}
