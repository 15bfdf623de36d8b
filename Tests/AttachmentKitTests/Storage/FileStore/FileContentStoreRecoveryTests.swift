import Foundation
import Testing

@testable import AttachmentKit

/// What opening a store does with what a crash, a damaged disk or another program left.
@Suite("FileContentStore recovery", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreRecoveryTests {
    private func key(_ name: String) -> ContentKey { ContentKey(partID: PartID(name)) }

    private func entryPath(_ directory: StorageTemporaryDirectory, _ name: String) -> String {
        directory.appending("store/entries/\(key(name).storageDigest.hex)").path
    }

    /// A store holding a, b and c (100 bytes each of 1, 2 and 3), closed again.
    private func populatedDirectory() async throws -> StorageTemporaryDirectory {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        for (offset, name) in ["a", "b", "c"].enumerated() {
            try await store.store(Data(repeating: UInt8(offset + 1), count: 100), for: key(name))
        }
        return directory
    }

    private func appendToJournal(_ directory: StorageTemporaryDirectory, _ bytes: [UInt8]) throws {
        let handle = try FileHandle(forWritingTo: directory.appending("store/journal"))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a corrupted entry (same size, other bytes) is a miss after reopening, and is removed")
    func corrupted() async throws {
        let directory = try await populatedDirectory()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: entryPath(directory, "b")))
        bytes[50] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: entryPath(directory, "b")))
        let store = try FileContentStore.forTesting(in: directory)
        #expect(await store.content(for: key("b")) == nil)
        #expect(!FileManager.default.fileExists(atPath: entryPath(directory, "b")))
        #expect(store.usage() == ContentStoreUsage(byteCount: 200, entryCount: 2))
        #expect(try await store.bytes(for: key("a")) == Data(repeating: 1, count: 100))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a truncated or missing entry file is a miss at once, and is removed from the manifest")
    func truncatedAndMissing() async throws {
        let directory = try await populatedDirectory()
        do {
            let store = try FileContentStore.forTesting(in: directory)
            try Data(repeating: 2, count: 40).write(to: URL(fileURLWithPath: entryPath(directory, "b")))
            try FileManager.default.removeItem(atPath: entryPath(directory, "c"))
            #expect(await store.content(for: key("b")) == nil)
            #expect(await store.content(for: key("c")) == nil)
            #expect(store.usage() == ContentStoreUsage(byteCount: 100, entryCount: 1))
        }
        let reopened = try FileContentStore.forTesting(in: directory)
        #expect(reopened.usage() == ContentStoreUsage(byteCount: 100, entryCount: 1))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "without its manifest the store vouches for the files whose labels verify, and adopts them")
    func missingManifest() async throws {
        let directory = try await populatedDirectory()
        try FileManager.default.removeItem(at: directory.appending("store/journal"))
        let store = try FileContentStore.forTesting(in: directory)
        #expect(store.usage() == ContentStoreUsage(byteCount: 300, entryCount: 3))
        #expect(try await store.bytes(for: key("b")) == Data(repeating: 2, count: 100))
        #expect(directory.names(in: "store/entries").count == 3)
        try await store.store(Data([9]), for: key("a"))
        #expect(try await store.bytes(for: key("a")) == Data([9]))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a torn last record (a crash mid-append) is cut off and every entry survives")
    func tornTail() async throws {
        let directory = try await populatedDirectory()
        try appendToJournal(directory, [0xA7, 1, 0, 1] + [UInt8](repeating: 0x55, count: 60))
        let store = try FileContentStore.forTesting(in: directory)
        #expect(store.usage() == ContentStoreUsage(byteCount: 300, entryCount: 3))
        #expect(try await store.bytes(for: key("c")) == Data(repeating: 3, count: 100))
        let length = try FileManager.default.attributesOfItem(atPath: directory.appending("store/journal").path)[.size]
        #expect((length as? Int).map { $0 % ManifestRecord.byteCount } == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "damage in the middle of the journal costs no entry: the damaged record's file is adopted")
    func damagedJournal() async throws {
        let directory = try await populatedDirectory()
        let journalURL = directory.appending("store/journal")
        var journal = try Data(contentsOf: journalURL)
        journal[3 * ManifestRecord.byteCount + 20] ^= 0xFF  // the fourth record: b's put, after its name
        try journal.write(to: journalURL)
        let store = try FileContentStore.forTesting(in: directory)
        #expect(try await store.bytes(for: key("a")) == Data(repeating: 1, count: 100))
        #expect(try await store.bytes(for: key("b")) == Data(repeating: 2, count: 100))
        #expect(try await store.bytes(for: key("c")) == Data(repeating: 3, count: 100))
        #expect(directory.names(in: "store/entries").count == store.usage().entryCount)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("staging files left by a crash are removed when the store opens")
    func leftoverStagingFiles() async throws {
        let directory = try await populatedDirectory()
        try Data(count: 1000).write(to: directory.appending("store/staging/00000000000000ff"))
        try Data(count: 10).write(to: directory.appending("store/staging/junk"))
        _ = try FileContentStore.forTesting(in: directory)
        #expect(directory.names(in: "store/staging").isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a change logged but not carried out before a crash is finished on opening: the new content is served")
    func redoLastBatch() async throws {
        let directory = try await populatedDirectory()
        let newContent = Data(repeating: 7, count: 64)
        try newContent.write(to: directory.appending("store/staging/0000000000000abc"))
        var bytes: [UInt8] = []
        let batch = [
            ManifestRecord(kind: .remove, key: key("a").storageDigest),
            ManifestRecord(
                kind: .put, key: key("b").storageDigest, size: 64, checksum: XXH64.hash(newContent), lastAccess: 1,
                stagedFile: 0xabc),
        ]
        for var record in batch {
            record.batch = 99
            record.encode(into: &bytes)
        }
        try appendToJournal(directory, bytes)
        let store = try FileContentStore.forTesting(in: directory)
        #expect(try await store.bytes(for: key("b")) == newContent)
        #expect(await store.content(for: key("a")) == nil)
        #expect(!FileManager.default.fileExists(atPath: entryPath(directory, "a")))
        #expect(directory.names(in: "store/staging").isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an interrupted purge is finished on opening")
    func interruptedPurge() async throws {
        let directory = try await populatedDirectory()
        var bytes: [UInt8] = []
        ManifestRecord(kind: .purge, key: SHA256Digest(0, 0, 0, 0)).encode(into: &bytes)
        try Data(bytes).write(to: directory.appending("store/journal"))
        let store = try FileContentStore.forTesting(in: directory)
        #expect(store.usage().entryCount == 0)
        #expect(directory.names(in: "store/entries").isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an entry logged without a checksum gets one on its first hit, and is checked against it after")
    func checksumOnFirstUse() async throws {
        let directory = try await populatedDirectory()
        var bytes: [UInt8] = []
        let digest = key("a").storageDigest
        ManifestRecord(kind: .put, key: digest, size: 100, lastAccess: 5).encode(into: &bytes)
        try appendToJournal(directory, bytes)
        do {
            let store = try FileContentStore.forTesting(in: directory)
            #expect(try await store.bytes(for: key("a")) == Data(repeating: 1, count: 100))
        }
        try Data(repeating: 9, count: 100).write(to: URL(fileURLWithPath: entryPath(directory, "a")))
        let store = try FileContentStore.forTesting(in: directory)
        #expect(await store.content(for: key("a")) == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("reopening with a smaller capacity evicts the least recently used entries at once")
    func smallerCapacity() async throws {
        let directory = try await populatedDirectory()
        let store = try FileContentStore.forTesting(in: directory, capacity: 150)
        #expect(store.usage() == ContentStoreUsage(byteCount: 100, entryCount: 1))
        #expect(await store.content(for: key("c")) != nil)
        #expect(directory.names(in: "store/entries").count == 1)
    }
}
