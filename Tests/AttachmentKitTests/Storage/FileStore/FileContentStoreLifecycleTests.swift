import Foundation
import Testing

@testable import AttachmentKit

/// Opening off the caller's thread, and closing: the lock released, and every later call
/// refused or neutral.
@Suite("FileContentStore lifecycle", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreLifecycleTests {
    private func key(_ name: String) -> ContentKey { ContentKey(partID: PartID(name)) }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "close releases the directory at once, however long the object lives; closing twice is harmless")
    func closeReleasesTheLock() async throws {
        let directory = try StorageTemporaryDirectory("lifecycle")
        let store = try FileContentStore.forTesting(in: directory)
        try await store.store(Data([1, 2, 3]), for: key("a"))
        #expect(throws: ContentStoreError.self) { try FileContentStore.forTesting(in: directory) }
        await store.close()
        await store.close()
        #expect(store.isClosed)
        let reopened = try FileContentStore.forTesting(in: directory)
        #expect(try await reopened.bytes(for: key("a")) == Data([1, 2, 3]))
        withExtendedLifetime(store) {}
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "after close, writes throw storeClosed and leave the source file; reads miss; nothing changes")
    func callsAfterClose() async throws {
        let directory = try StorageTemporaryDirectory("lifecycle")
        let store = try FileContentStore.forTesting(in: directory)
        try await store.store(Data([1, 2, 3]), for: key("a"))
        let writer = try await store.openPartialDownload(for: key("p"), validator: .entityTag("\"1\""), resumingAt: 0)
        try writer.append(Data([7, 7]))
        await store.close()
        let closed = ContentStoreError.storeClosed(store.directory)
        await #expect(throws: closed) { try await store.store(Data([4]), for: key("b")) }
        let download = directory.appending("download")
        try Data([5]).write(to: download)
        await #expect(throws: closed) { try await store.storeFile(at: download, for: key("b")) }
        #expect(FileManager.default.fileExists(atPath: download.path))
        await #expect(throws: closed) { try await store.checkedContent(for: key("a")) }
        await #expect(throws: closed) {
            try await store.openPartialDownload(for: key("q"), validator: nil, resumingAt: 0)
        }
        await #expect(throws: closed) { try await store.completePartialDownload(for: key("p")) }
        #expect(await store.content(for: key("a")) == nil)
        #expect(await store.partialDownload(for: key("p")) == nil)
        #expect(store.usage() == ContentStoreUsage(byteCount: 0, entryCount: 0))
        await store.removeContent(for: key("a"))
        await store.removeAll()
        // The writer was checkpointed at close, and nothing was removed.
        #expect(throws: ContentStoreError.self) { try writer.append(Data([8])) }
        let reopened = try FileContentStore.forTesting(in: directory)
        #expect(try await reopened.bytes(for: key("a")) == Data([1, 2, 3]))
        #expect(await reopened.partialDownload(for: key("p"))?.byteCount == 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the async open opens what the initialiser opens, and is refused a directory in use")
    func asyncOpen() async throws {
        let directory = try StorageTemporaryDirectory("lifecycle")
        let url = directory.appending("store")
        let store = try await FileContentStore.open(directory: url, byteCapacity: 1 << 20)
        // The same default durability as the initialiser's.
        #expect(store.durability == .orderedOnDevice)
        try await store.store(Data([9]), for: key("a"))
        await #expect(throws: ContentStoreError.directoryInUse(url)) {
            try await FileContentStore.open(directory: url, byteCapacity: 1 << 20)
        }
        await store.close()
        let reopened = try await FileContentStore.open(directory: url, byteCapacity: 1 << 20)
        #expect(try await reopened.bytes(for: key("a")) == Data([9]))
    }
}
