import Foundation
import Testing

@testable import AttachmentKit

/// The default store in an app's lifecycle: a directory that can't be opened at first (a
/// background launch before the first unlock), memory warnings, and the per-app default path.
@Suite("DefaultContentStore in an app's lifecycle", SuiteTimeLimit.minutes(5), .inTurn)
struct DefaultContentStoreLifecycleTests {
    /// A folder whose `store` subfolder can't be created while `blocker` is a file.
    private struct BlockedFolder {
        let parent: URL
        var directory: URL { parent.appendingPathComponent("blocker/store", isDirectory: true) }

        init() throws {
            parent = FileManager.default.temporaryDirectory
                .appendingPathComponent("default-store-\(UUID())", isDirectory: true)
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try Data("not a directory".utf8).write(to: parent.appendingPathComponent("blocker"))
        }

        func unblock() throws { try FileManager.default.removeItem(at: parent.appendingPathComponent("blocker")) }
        func remove() { try? FileManager.default.removeItem(at: parent) }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a directory that couldn't be opened is tried again on a later use; what memory kept meanwhile stays")
    func retriesTheOpen() async throws {
        let folder = try BlockedFolder()
        defer { folder.remove() }
        let store = DefaultContentStore(directory: folder.directory, openRetryInterval: 0)
        try await store.store(Data("early".utf8), for: ContentKey(partID: "early"))
        #expect(store.backingStore is InMemoryContentStore)
        #expect(store.openingError != nil)
        try folder.unblock()
        try await store.store(Data("late".utf8), for: ContentKey(partID: "late"))
        let tiered = try #require(store.backingStore as? TieredContentStore)
        #expect(store.openingError == nil)
        #expect(try await store.content(for: ContentKey(partID: "early"))?.bytes() == Data("early".utf8))
        #expect(try await tiered.disk.content(for: ContentKey(partID: "late"))?.bytes() == Data("late".utf8))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("no second attempt is made before the retry interval has passed")
    func waitsForTheRetryInterval() async throws {
        let folder = try BlockedFolder()
        defer { folder.remove() }
        let store = DefaultContentStore(directory: folder.directory, openRetryInterval: 3600)
        _ = await store.content(for: ContentKey(partID: "a"))
        #expect(store.openingError != nil)
        try folder.unblock()
        _ = await store.content(for: ContentKey(partID: "a"))
        #expect(store.backingStore is InMemoryContentStore)
        #expect(!FileManager.default.fileExists(atPath: folder.directory.path))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "trimMemory empties the memory tier and keeps the disk; pressure trims to half, then to nothing")
    func trimsTheMemoryTier() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("default-store-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = DefaultContentStore(directory: directory, memory: DefaultContentStore.MemoryPolicy(costLimit: 1000))
        store.trimMemory()  // before the first use: nothing to trim, nothing opened
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        let keys = (0..<8).map { ContentKey(partID: PartID("entry-\($0)")) }
        for key in keys { try await store.store(Data(repeating: 1, count: 100), for: key) }
        let tiered = try #require(store.backingStore as? TieredContentStore)
        #expect(tiered.memory.usage().byteCount == 800)
        store.relieve(.warning)
        #expect(tiered.memory.usage().byteCount == 500)
        store.relieve(.critical)
        #expect(tiered.memory.usage().byteCount == 0)
        for key in keys { try await store.store(Data(repeating: 2, count: 100), for: key) }
        store.trimMemory()
        #expect(tiered.memory.usage().byteCount == 0)
        for key in keys { #expect(try await store.content(for: key)?.bytes() == Data(repeating: 2, count: 100)) }
    }

    @Test("the default directory is per app: the bundle identifier, else the executable's name")
    func perAppDefaultDirectory() {
        let caches = URL(fileURLWithPath: "/caches", isDirectory: true)
        func path(_ bundle: String?, _ executable: String) -> String {
            DefaultContentStore.defaultDirectory(in: caches, bundleIdentifier: bundle, executableName: executable).path
        }
        #expect(path("com.example.chat", "Chat") == "/caches/com.example.chat/AttachmentKit/Content")
        #expect(path(nil, "attachmentkit") == "/caches/attachmentkit/AttachmentKit/Content")
        #expect(path("", "tool") == "/caches/tool/AttachmentKit/Content")
        for unusable in ["", ".", "..", "a/b"] {
            #expect(path(nil, unusable) == "/caches/AttachmentKit/AttachmentKit/Content")
        }
        let actual = DefaultContentStore.defaultDirectory.path
        let owner = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        #expect(actual.hasSuffix("/\(owner)/AttachmentKit/Content"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "closeDiskTier releases the directory's lock (another store can open it) and the next use reopens it")
    func closesAndReopensTheDiskTier() async throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("default-close-\(UUID())")
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("store", isDirectory: true)
        let store = DefaultContentStore(directory: directory, openRetryInterval: 3600)
        try await store.store(Data("before".utf8), for: ContentKey(partID: "before"))
        #expect(store.backingStore is TieredContentStore)
        // While the disk tier is open, the directory is locked.
        #expect(throws: ContentStoreError.self) {
            try FileContentStore(directory: directory, byteCapacity: 1 << 20)
        }
        // Held elsewhere (a download under way keeps the store it writes to): closing must
        // release the lock, not wait for the last reference to go.
        let held = store.backingStore
        await store.closeDiskTier()
        // Released: another store (another process, in an app) opens it and closes it again.
        let other = try FileContentStore(directory: directory, byteCapacity: 1 << 20)
        #expect(try await other.content(for: ContentKey(partID: "before"))?.bytes() == Data("before".utf8))
        await other.close()
        withExtendedLifetime(held) {}
        // The next use reopens the disk tier at once, whatever the retry interval.
        try await store.store(Data("after".utf8), for: ContentKey(partID: "after"))
        let tiered = try #require(store.backingStore as? TieredContentStore)
        #expect(store.openingError == nil)
        #expect(try await tiered.disk.content(for: ContentKey(partID: "after"))?.bytes() == Data("after".utf8))
        #expect(try await store.content(for: ContentKey(partID: "before"))?.bytes() == Data("before".utf8))
        await store.closeDiskTier()
        await store.closeDiskTier()  // harmless when already closed
    }
}
