import Foundation
import Testing

@testable import AttachmentKit

@Suite("DefaultContentStore", SuiteTimeLimit.minutes(2), .inTurn)
struct DefaultContentStoreTests {
    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("default-store-\(UUID())", isDirectory: true)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("creating it touches no disk; the first use opens memory in front of disk")
    func opensOnFirstUse() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = DefaultContentStore(directory: directory)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        let key = ContentKey(partID: "photo")
        try await store.store(Data("bytes".utf8), for: key)
        #expect(store.backingStore is TieredContentStore)
        #expect(store.openingError == nil)
        #expect(FileManager.default.fileExists(atPath: directory.path))
        #expect(try await store.content(for: key)?.bytes() == Data("bytes".utf8))
        #expect(await store.usage().entryCount == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("content stored survives reopening the directory")
    func persists() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = ContentKey(partID: "photo")
        do {
            let store = DefaultContentStore(directory: directory)
            try await store.store(Data("kept".utf8), for: key)
        }
        let reopened = DefaultContentStore(directory: directory)
        #expect(try await reopened.content(for: key)?.bytes() == Data("kept".utf8))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an unusable directory falls back to memory and says why")
    func fallsBackToMemory() async throws {
        let file = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("not a directory".utf8).write(to: file)
        let store = DefaultContentStore(directory: file.appendingPathComponent("store"))
        let key = ContentKey(partID: "photo")
        try await store.store(Data("in memory".utf8), for: key)
        #expect(store.backingStore is InMemoryContentStore)
        #expect(store.openingError != nil)
        #expect(try await store.content(for: key)?.bytes() == Data("in memory".utf8))
    }

    @Test("the shared coordinator keeps its downloads in the shared default store")
    func sharedCoordinatorUsesIt() {
        #expect(DownloadCoordinator.shared.store as? DefaultContentStore === DefaultContentStore.shared)
    }
}
