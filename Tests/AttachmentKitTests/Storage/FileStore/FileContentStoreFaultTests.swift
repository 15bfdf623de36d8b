import Foundation
import Testing

@testable import AttachmentKit

/// A full disk and other failing calls, simulated through the store's file-system seam: a
/// write that fails leaves what was stored intact.
@Suite("FileContentStore faults", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreFaultTests {
    private func key(_ name: String) -> ContentKey { ContentKey(partID: PartID(name)) }
    private let old = Data(repeating: 1, count: 4096)
    private let new = Data(repeating: 2, count: 8192)

    /// A store on a faulty file system holding `old` under "a".
    private func setUp() async throws -> (StorageTemporaryDirectory, StorageFaultyFileSystem, FileContentStore) {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try FileContentStore.forTesting(in: directory, fileSystem: fileSystem)
        try await store.store(old, for: key("a"))
        return (directory, fileSystem, store)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a write that fails at any step keeps the old content, leaves no staging file, and the store works after",
        arguments: [
            StorageFaultyFileSystem.Fault(operation: "write", pathContaining: "/staging/"),
            StorageFaultyFileSystem.Fault(operation: "create", pathContaining: "/staging/"),
            StorageFaultyFileSystem.Fault(operation: "fsync", pathContaining: "/staging/", code: EIO),
            StorageFaultyFileSystem.Fault(operation: "write", pathContaining: "/journal"),
            StorageFaultyFileSystem.Fault(operation: "fsync", pathContaining: "/journal", code: EIO),
            StorageFaultyFileSystem.Fault(operation: "rename", pathContaining: "/entries/", code: EIO),
        ])
    func failedWrite(fault: StorageFaultyFileSystem.Fault) async throws {
        let directory = try await failWrites(fault)
        let reopened = try FileContentStore.forTesting(in: directory)
        #expect(try await reopened.bytes(for: key("a")) == old)
        #expect(try await reopened.bytes(for: key("c")) == new)
        #expect(await reopened.content(for: key("b")) == nil)
    }

    /// Stores under "a" and "b" while `fault` fails, checks that nothing changed, stores `new`
    /// under "c" once healed, and returns the store's directory after closing the store.
    private func failWrites(_ fault: StorageFaultyFileSystem.Fault) async throws -> StorageTemporaryDirectory {
        let (directory, fileSystem, store) = try await setUp()
        fileSystem.fail(fault)
        await #expect(throws: ContentStoreError.self) { try await store.store(new, for: key("a")) }
        await #expect(throws: ContentStoreError.self) { try await store.store(new, for: key("b")) }
        #expect(try await store.bytes(for: key("a")) == old)
        #expect(await store.content(for: key("b")) == nil)
        #expect(store.usage() == ContentStoreUsage(byteCount: 4096, entryCount: 1))
        #expect(directory.names(in: "store/staging").isEmpty)
        fileSystem.heal()
        try await store.store(new, for: key("c"))
        return directory
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a failed write that would have evicted entries evicts none of them")
    func failedWriteEvictsNothing() async throws {
        let directory = try StorageTemporaryDirectory()
        do {
            let fileSystem = StorageFaultyFileSystem()
            let store = try FileContentStore.forTesting(in: directory, capacity: 10_000, fileSystem: fileSystem)
            try await store.store(old, for: key("a"))
            try await store.store(old, for: key("b"))
            fileSystem.fail(.init(operation: "write", pathContaining: "/journal"))
            await #expect(throws: ContentStoreError.self) { try await store.store(new, for: key("c")) }
        }
        let reopened = try FileContentStore.forTesting(in: directory, capacity: 10_000)
        #expect(try await reopened.bytes(for: key("a")) == old)
        #expect(try await reopened.bytes(for: key("b")) == old)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an ingested download whose store fails is put back where it was")
    func failedIngestReturnsTheFile() async throws {
        let (directory, fileSystem, store) = try await setUp()
        let download = directory.appending("download.jpg")
        try new.write(to: download)
        fileSystem.fail(.init(operation: "write", pathContaining: "/journal"))
        await #expect(throws: ContentStoreError.self) { try await store.storeFile(at: download, for: key("a")) }
        #expect(try Data(contentsOf: download) == new)
        #expect(try await store.bytes(for: key("a")) == old)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a removal whose journal write fails still removes the entry, and a reopened store doesn't serve it")
    func failedRemovalLog() async throws {
        let directory = try await removeWhileTheJournalFails()
        let reopened = try FileContentStore.forTesting(in: directory)
        #expect(await reopened.content(for: key("a")) == nil)
        #expect(reopened.usage().entryCount == 0)
    }

    private func removeWhileTheJournalFails() async throws -> StorageTemporaryDirectory {
        let (directory, fileSystem, store) = try await setUp()
        fileSystem.fail(.init(operation: "write", pathContaining: "/journal"))
        await store.removeContent(for: key("a"))
        #expect(await store.content(for: key("a")) == nil)
        return directory
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a partial download's write on a full disk fails and leaves the kept bytes as they were")
    func failedAppend() async throws {
        let (directory, fileSystem, store) = try await setUp()
        defer { withExtendedLifetime(directory) {} }
        let writer = try await store.openPartialDownload(for: key("p"), validator: .entityTag("\"v\""), resumingAt: 0)
        try writer.append(Data(repeating: 5, count: 100))
        try writer.checkpoint()
        fileSystem.fail(.init(operation: "write", pathContaining: "/partial/"))
        try writer.append(Data(repeating: 6, count: 100))  // gathered, not yet written
        #expect(throws: ContentStoreError.self) { try writer.checkpoint() }
        fileSystem.heal()
        #expect(writer.byteCount == 100)
        try writer.append(Data(repeating: 7, count: 10))
        try await store.completePartialDownload(for: key("p"))
        #expect(try await store.bytes(for: key("p")) == Data(repeating: 5, count: 100) + Data(repeating: 7, count: 10))
    }
}
