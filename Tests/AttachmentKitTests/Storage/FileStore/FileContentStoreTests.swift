import Foundation
import Testing

@testable import AttachmentKit

@Suite("FileContentStore", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreTests {
    private func key(_ name: String) -> ContentKey { ContentKey(partID: PartID(name)) }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("stored data reads back as a file inside the store, named by the key's SHA-256")
    func roundTrip() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        let stored = try await store.store(Data("hello".utf8), for: key("a"))
        let url = try #require(stored.fileURL)
        #expect(url.lastPathComponent == key("a").storageDigest.hex)
        #expect(url.deletingLastPathComponent().path == directory.appending("store/entries").path)
        #expect(await store.content(for: key("a")) == stored)
        #expect(try await store.bytes(for: key("a")) == Data("hello".utf8))
        #expect(await store.content(for: key("b")) == nil)
        #expect(store.usage() == ContentStoreUsage(byteCount: 5, entryCount: 1))
    }

    @Test("the store's directories are created owner-only")
    func permissions() throws {
        let directory = try StorageTemporaryDirectory()
        _ = try FileContentStore.forTesting(in: directory)
        for path in ["store", "store/entries", "store/staging", "store/partial"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.appending(path).path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700, "\(path)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("entries, their order of use and checksums survive reopening the store")
    func persistence() async throws {
        let directory = try StorageTemporaryDirectory()
        do {
            let store = try FileContentStore.forTesting(in: directory, capacity: 300)
            for name in ["a", "b", "c"] { try await store.store(Data(repeating: 1, count: 100), for: key(name)) }
            _ = await store.content(for: key("a"))
            await store.flush()
        }
        let reopened = try FileContentStore.forTesting(in: directory, capacity: 300)
        #expect(reopened.usage() == ContentStoreUsage(byteCount: 300, entryCount: 3))
        try await reopened.store(Data(repeating: 2, count: 100), for: key("d"))
        #expect(await reopened.content(for: key("b")) == nil)  // b was the least recently used
        #expect(try await reopened.bytes(for: key("a")) == Data(repeating: 1, count: 100))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("replacing an entry keeps one file and the new size")
    func replace() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        try await store.store(Data(repeating: 1, count: 50), for: key("a"))
        try await store.store(Data(repeating: 2, count: 20), for: key("a"))
        #expect(store.usage() == ContentStoreUsage(byteCount: 20, entryCount: 1))
        #expect(try await store.bytes(for: key("a")) == Data(repeating: 2, count: 20))
        #expect(directory.names(in: "store/entries").count == 1)
        #expect(directory.names(in: "store/staging").isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the capacity is never exceeded once a store call returns, and the files agree with the usage")
    func capacityNeverExceeded() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory, capacity: 10_000, durability: .processCrashSafe)
        var generator = SeededRandom(seed: 11)
        for step in 0..<300 {
            let name = "k\(Int.random(in: 0..<40, using: &generator))"
            if step % 7 == 0 {
                await store.removeContent(for: key(name))
            } else {
                try await store.store(Data(count: Int.random(in: 0...3_000, using: &generator)), for: key(name))
            }
            let usage = store.usage()
            #expect(usage.byteCount <= 10_000)
            let sizes = directory.names(in: "store/entries").map { name in
                (try? FileManager.default.attributesOfItem(atPath: directory.appending("store/entries/\(name)").path))?[
                    .size] as? Int ?? 0
            }
            #expect(ContentStoreUsage(byteCount: Int64(sizes.reduce(0, +)), entryCount: sizes.count) == usage)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an entry larger than the capacity is refused and the old content is kept")
    func entryTooLarge() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory, capacity: 100)
        try await store.store(Data(count: 10), for: key("a"))
        await #expect(throws: ContentStoreError.entryTooLarge(key("a"), byteCount: 101, limit: 100)) {
            try await store.store(Data(count: 101), for: key("a"))
        }
        #expect(try await store.bytes(for: key("a")) == Data(count: 10))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "removeContent, trim, removeEntries(usedBefore:) and removeAll remove entries and their files")
    func removal() async throws {
        let directory = try StorageTemporaryDirectory()
        try await removeEverything(in: directory)
        let reopened = try FileContentStore.forTesting(in: directory)
        #expect(reopened.usage().entryCount == 0)
    }

    private func removeEverything(in directory: StorageTemporaryDirectory) async throws {
        let clock = TransferTestClock()
        let store = try FileContentStore.forTesting(in: directory, clock: clock)
        for name in ["a", "b", "c", "d"] {
            try await store.store(Data(count: 10), for: key(name))
            clock.advance(by: 60)
        }
        await store.removeContent(for: key("a"))
        #expect(await store.content(for: key("a")) == nil)
        await store.removeEntries(usedBefore: clock.date.addingTimeInterval(-150))  // b was stored 180 s ago
        #expect(await store.content(for: key("b")) == nil)
        #expect(store.usage().entryCount == 2)
        await store.trim(toByteCount: 10)
        #expect(store.usage() == ContentStoreUsage(byteCount: 10, entryCount: 1))
        #expect(await store.content(for: key("d")) != nil)
        let writer = try await store.openPartialDownload(for: key("e"), validator: .entityTag("\"1\""), resumingAt: 0)
        try writer.append(Data(count: 5))
        await store.removeAll()
        #expect(store.usage() == ContentStoreUsage(byteCount: 0, entryCount: 0))
        #expect(directory.names(in: "store/entries").isEmpty)
        #expect(directory.names(in: "store/partial").isEmpty)
        #expect(throws: ContentStoreError.self) { try writer.append(Data(count: 1)) }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the journal is compacted as it grows, and the compacted journal keeps every entry's latest content")
    func compaction() async throws {
        let directory = try StorageTemporaryDirectory()
        do {
            let store = try FileContentStore.forTesting(
                in: directory, durability: .processCrashSafe, compactionSlack: 20)
            for step in 0..<300 {
                try await store.store(Data([UInt8(truncatingIfNeeded: step)]), for: key("k\(step % 3)"))
            }
        }
        let journal = try FileManager.default.attributesOfItem(atPath: directory.appending("store/journal").path)
        let length = try #require(journal[.size] as? Int)
        #expect(length <= 26 * ManifestRecord.byteCount)  // 300 records were written
        let reopened = try FileContentStore.forTesting(in: directory)
        #expect(reopened.usage().entryCount == 3)
        #expect(try await reopened.bytes(for: key("k2")) == Data([UInt8(truncatingIfNeeded: 299)]))
        #expect(try await reopened.bytes(for: key("k1")) == Data([UInt8(truncatingIfNeeded: 298)]))
    }

    @Test("a directory that can't be used is reported, not crashed on")
    func unusableDirectory() throws {
        let directory = try StorageTemporaryDirectory()
        try Data().write(to: directory.appending("file"))
        #expect(throws: ContentStoreError.self) {
            try FileContentStore(directory: directory.appending("file"), byteCapacity: 100)
        }
        #expect(throws: ContentStoreError.self) {
            try FileContentStore(directory: URL(string: "https://example.com/store")!, byteCapacity: 100)
        }
    }
}

@Suite("FileContentStore ownership", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreOwnershipTests {
    private func key(_ name: String) -> ContentKey { ContentKey(partID: PartID(name)) }

    @Test("a second store can't open a directory another store has open, and can once it is released")
    func oneStorePerDirectory() throws {
        let directory = try StorageTemporaryDirectory()
        var first: FileContentStore? = try FileContentStore.forTesting(in: directory)
        #expect(throws: ContentStoreError.self) { try FileContentStore.forTesting(in: directory) }
        withExtendedLifetime(first) {}
        first = nil
        _ = try FileContentStore.forTesting(in: directory)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a downloaded file is moved in; an entry's own file given to storeFile is copied, not taken")
    func ingest() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        let download = directory.appending("download")
        try Data(repeating: 6, count: 5000).write(to: download)
        let stored = try await store.storeFile(at: download, for: key("a"))
        #expect(!FileManager.default.fileExists(atPath: download.path))
        let url = try #require(stored.fileURL)
        try await store.storeFile(at: url, for: key("b"))
        #expect(try await store.bytes(for: key("a")) == Data(repeating: 6, count: 5000))
        #expect(try await store.bytes(for: key("b")) == Data(repeating: 6, count: 5000))
        await #expect(throws: ContentStoreError.self) { try await store.storeFile(at: download, for: key("c")) }
    }
}

@Suite("FileContentStore: its own files under another spelling of its path", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreOwnFileTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an entry's file reached through another path to the store's folder (a case-insensitive volume, a link) is copied, not taken"
    )
    func ownFileUnderAnotherPath() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        let first = ContentKey(partID: "a")
        let stored = try await store.store(Data(repeating: 7, count: 3000), for: first)
        let url = try #require(stored.fileURL)
        // Another spelling of the store's path, as a case-insensitive volume gives: here a link.
        let alias = directory.appending("alias")
        try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: directory.appending("store"))
        let aliased = alias.appendingPathComponent("entries").appendingPathComponent(url.lastPathComponent)
        try await store.storeFile(at: aliased, for: ContentKey(partID: "b"))
        #expect(try await store.bytes(for: first) == Data(repeating: 7, count: 3000))
        #expect(try await store.bytes(for: ContentKey(partID: "b")) == Data(repeating: 7, count: 3000))
        #expect(FileManager.default.fileExists(atPath: url.path))
    }
}
