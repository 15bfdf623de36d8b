import Foundation
import Testing

@testable import AttachmentKit

@Suite("TieredContentStore", SuiteTimeLimit.minutes(5), .inTurn)
struct TieredContentStoreTests {
    private func key(_ name: String) -> ContentKey { ContentKey(partID: PartID(name)) }

    private func makeStore(_ directory: StorageTemporaryDirectory, _ fileSystem: StorageFaultyFileSystem) throws
        -> TieredContentStore
    {
        TieredContentStore(
            memory: InMemoryContentStore(costLimit: 10_000),  // keeps entries up to 1,000 bytes
            disk: try FileContentStore.forTesting(in: directory, fileSystem: fileSystem))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a memory hit makes no file-system call")
    func memoryHitWithoutIO() async throws {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try makeStore(directory, fileSystem)
        try await store.store(Data([1, 2, 3]), for: key("a"))
        let calls = fileSystem.callCount
        #expect(await store.content(for: key("a")) == .data(Data([1, 2, 3])))
        #expect(fileSystem.callCount == calls)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a small entry found on disk is promoted to memory; the next hit is in memory")
    func promotion() async throws {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try makeStore(directory, fileSystem)
        try await store.disk.store(Data(repeating: 4, count: 800), for: key("a"))
        #expect(store.memory.usage().entryCount == 0)
        #expect(await store.content(for: key("a")) == .data(Data(repeating: 4, count: 800)))
        #expect(store.memory.usage() == ContentStoreUsage(byteCount: 800, entryCount: 1))
        let calls = fileSystem.callCount
        #expect(await store.content(for: key("a")) == .data(Data(repeating: 4, count: 800)))
        #expect(fileSystem.callCount == calls)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an entry too large for memory is served as the disk file and not promoted")
    func largeEntriesStayOnDisk() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try makeStore(directory, StorageFaultyFileSystem())
        let stored = try await store.store(Data(repeating: 5, count: 5_000), for: key("big"))
        #expect(stored.fileURL != nil)
        let hit = try #require(await store.content(for: key("big")))
        #expect(hit.fileURL != nil)
        #expect(try hit.bytes() == Data(repeating: 5, count: 5_000))
        #expect(store.memory.usage().entryCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a failed disk write changes neither tier")
    func failedWrite() async throws {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try makeStore(directory, fileSystem)
        try await store.store(Data([1]), for: key("a"))
        fileSystem.fail(.init(operation: "write", pathContaining: "/staging/"))
        await #expect(throws: ContentStoreError.self) { try await store.store(Data([2]), for: key("a")) }
        #expect(await store.content(for: key("a")) == .data(Data([1])))
        #expect(try await store.disk.bytes(for: key("a")) == Data([1]))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an ingested file or completed download replaces the older bytes held in memory")
    func noStaleMemory() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try makeStore(directory, StorageFaultyFileSystem())
        try await store.store(Data([1]), for: key("a"))
        let download = directory.appending("download")
        try Data([2, 2]).write(to: download)
        try await store.storeFile(at: download, for: key("a"))
        #expect(try await store.content(for: key("a"))?.bytes() == Data([2, 2]))
        let writer = try await store.openPartialDownload(for: key("a"), validator: .entityTag("\"x\""), resumingAt: 0)
        try writer.append(Data([3, 3, 3]))
        #expect(await store.partialDownload(for: key("a"))?.byteCount == 3)
        try await store.completePartialDownload(for: key("a"))
        #expect(try await store.content(for: key("a"))?.bytes() == Data([3, 3, 3]))
        let other = try await store.openPartialDownload(for: key("b"), validator: nil, resumingAt: 0)
        try other.append(Data([4]))
        await store.discardPartialDownload(for: key("b"))
        await #expect(throws: ContentStoreError.self) { try await store.completePartialDownload(for: key("b")) }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("removal clears both tiers, and usage is the disk's")
    func removal() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try makeStore(directory, StorageFaultyFileSystem())
        try await store.store(Data([1]), for: key("a"))
        try await store.store(Data([1, 2]), for: key("b"))
        #expect(await store.usage() == ContentStoreUsage(byteCount: 3, entryCount: 2))
        await store.removeContent(for: key("a"))
        #expect(await store.content(for: key("a")) == nil)
        await store.removeAll()
        #expect(await store.content(for: key("b")) == nil)
        #expect(store.memory.usage().entryCount == 0)
        #expect(await store.usage().entryCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a write landing while a disk hit is promoted wins: memory never gets the older bytes")
    func writeRacingAPromotion() async throws {
        let directory = try StorageTemporaryDirectory()
        let disk = try FileContentStore.forTesting(in: directory)
        let racing = LockedState<TieredContentStore?>(nil)
        let store = TieredContentStore(memory: InMemoryContentStore(costLimit: 10_000), disk: disk) {
            // Once: the older bytes have been read from disk, and a newer write lands now.
            guard let store = racing.withLock({ $0.take() }) else { return }
            _ = try? await store.store(Data([2, 2]), for: ContentKey(partID: "a"))
        }
        try await disk.store(Data([1]), for: key("a"))
        racing.withLock { $0 = store }
        #expect(await store.content(for: key("a")) == .data(Data([1])))  // read before the write
        #expect(store.memory.content(for: key("a")) == .data(Data([2, 2])))
        #expect(await store.content(for: key("a")) == .data(Data([2, 2])))
    }
}
