import Foundation
import Testing

@testable import AttachmentKit

/// Lookups: corruption told apart from a miss, an entry replaced while it is checked, files
/// kept readable while used, and a look that doesn't count as a use.
@Suite("FileContentStore lookups", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreLookupTests {
    private func key(_ name: String) -> ContentKey { ContentKey(partID: PartID(name)) }

    private func entryURL(_ directory: StorageTemporaryDirectory, _ name: String) -> URL {
        directory.appending("store/entries/\(key(name).storageDigest.hex)")
    }

    /// The key `checkedContent(for:)` reports as corrupt, or `nil` when it reports no corruption.
    private func reportedCorruption(_ store: FileContentStore, _ key: ContentKey) async -> ContentKey? {
        do {
            _ = try await store.checkedContent(for: key)
            return nil
        } catch {
            guard case .corruptEntry(let reported, _) = error else { return nil }
            return reported
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a damaged entry is reported as corrupt once and removed; a miss stays a miss")
    func corruptionIsNotAMiss() async throws {
        let directory = try StorageTemporaryDirectory("lookup")
        do {
            let store = try FileContentStore.forTesting(in: directory)
            for name in ["flipped", "truncated", "missing"] {
                try await store.store(Data(repeating: 3, count: 100), for: key(name))
            }
        }
        var flipped = try Data(contentsOf: entryURL(directory, "flipped"))
        flipped[10] ^= 0xFF
        try flipped.write(to: entryURL(directory, "flipped"))
        let store = try FileContentStore.forTesting(in: directory)
        await store.flush()  // the reconciling after opening is done: these changes happen in use
        try Data(repeating: 3, count: 40).write(to: entryURL(directory, "truncated"))
        try FileManager.default.removeItem(at: entryURL(directory, "missing"))
        for name in ["flipped", "truncated", "missing"] {
            #expect(await reportedCorruption(store, key(name)) == key(name), "\(name)")
            #expect(try await store.checkedContent(for: key(name)) == nil, "\(name): removed, so now a miss")
            #expect(!FileManager.default.fileExists(atPath: entryURL(directory, name).path))
        }
        #expect(try await store.checkedContent(for: key("never stored")) == nil)
        #expect(store.usage().entryCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an entry replaced while it is being checked is looked up again, not reported missing")
    func replacedWhileChecked() async throws {
        let directory = try StorageTemporaryDirectory("lookup")
        let fileSystem = StorageFaultyFileSystem()
        let store = try FileContentStore.forTesting(in: directory, fileSystem: fileSystem)
        try await store.store(Data(repeating: 1, count: 100), for: key("a"))
        let digest = key("a").storageDigest
        // While the hit checks the old entry's size, the entry is replaced by one of another size.
        fileSystem.beforeNextSizeCheck {
            guard let staged = try? store.stage(Data(repeating: 2, count: 50), label: []) else { return }
            _ = store.commit(
                .init(key: ContentKey(partID: "a"), digest: digest, stagedFile: staged, size: 50, checksum: nil))
        }
        #expect(try await store.bytes(for: key("a")) == Data(repeating: 2, count: 50))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an open content handle stays readable after its entry is removed or replaced")
    func openContentOutlivesTheEntry() async throws {
        let directory = try StorageTemporaryDirectory("lookup")
        let store = try FileContentStore.forTesting(in: directory)
        try await store.store(Data(repeating: 1, count: 5000), for: key("a"))
        try await store.store(Data(repeating: 2, count: 5000), for: key("b"))
        let removed = try #require(try await store.openContent(for: key("a")))
        let replaced = try #require(try await store.openContent(for: key("b")))
        await store.removeContent(for: key("a"))
        try await store.store(Data(repeating: 3, count: 10), for: key("b"))
        #expect(try removed.readToEnd() == Data(repeating: 1, count: 5000))
        #expect(try replaced.readToEnd() == Data(repeating: 2, count: 5000))
        #expect(try await store.openContent(for: key("a")) == nil)
        try removed.close()
        try replaced.close()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "contains answers without counting a use: the entry looked at is still the one evicted")
    func containsIsNotAUse() async throws {
        let directory = try StorageTemporaryDirectory("lookup")
        let store = try FileContentStore.forTesting(in: directory, capacity: 300)
        for name in ["old", "new"] { try await store.store(Data(repeating: 1, count: 100), for: key(name)) }
        #expect(await store.contains(key("old")))
        #expect(await !store.contains(key("never stored")))
        try await store.store(Data(repeating: 2, count: 200), for: key("big"))
        #expect(await !store.contains(key("old")))
        #expect(await store.contains(key("new")))
    }
}
