import Foundation
import Testing

@testable import AttachmentKit

/// Adopting entry files whose journal records are lost never serves wrong bytes: a damaged
/// file, a file under another entry's name or a purge's leftovers are misses, and adoption
/// keeps the byte capacity. The directory's format version makes a newer store refused.
@Suite("FileContentStore adoption and format", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreAdoptionTests {
    private static let entryCount = 20

    private func key(_ index: Int) -> ContentKey { ContentKey(partID: PartID("entry-\(index)")) }

    private func content(_ index: Int) -> Data {
        Data((0..<(200 + index)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) })
    }

    private func populatedDirectory() async throws -> StorageTemporaryDirectory {
        let directory = try StorageTemporaryDirectory("adoption")
        let store = try FileContentStore.forTesting(in: directory, durability: .processCrashSafe)
        for index in 0..<Self.entryCount { try await store.store(content(index), for: key(index)) }
        await store.close()
        return directory
    }

    private func entryURL(_ directory: StorageTemporaryDirectory, _ index: Int) -> URL {
        directory.appending("store/entries/\(key(index).storageDigest.hex)")
    }

    /// Flips a byte in the put record of each entry in `indices` (each entry has a name record,
    /// then its put).
    private func damageRecords(_ directory: StorageTemporaryDirectory, of indices: [Int]) throws {
        let url = directory.appending("store/journal")
        var bytes = try Data(contentsOf: url)
        for index in indices { bytes[(index * 2 + 1) * ManifestRecord.byteCount + 50] ^= 0x10 }
        try bytes.write(to: url)
    }

    /// Rewrites a file's bytes in place, keeping its inode (and so its label).
    private func changeInPlace(_ url: URL, _ change: (inout Data) -> Void) throws {
        var bytes = try Data(contentsOf: url)
        change(&bytes)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a damaged entry file is a miss, never wrong bytes, whether its records are intact or were lost")
    func damagedFiles() async throws {
        let directory = try await populatedDirectory()
        // 1–4 keep their records; 5–8 lose them and are left to their labels.
        try damageRecords(directory, of: [5, 6, 7, 8, 9])
        for offset in [0, 4] {
            try changeInPlace(entryURL(directory, 1 + offset)) { $0[17] ^= 0x01 }
            try changeInPlace(entryURL(directory, 2 + offset)) { $0.removeLast(3) }
            try changeInPlace(entryURL(directory, 3 + offset)) { $0.removeAll() }
            try changeInPlace(entryURL(directory, 4 + offset)) { $0.append(0x00) }
        }
        let store = try FileContentStore.forTesting(in: directory)
        for index in 0..<Self.entryCount {
            let bytes = try await store.bytes(for: key(index))
            if (1...8).contains(index) {
                #expect(bytes == nil, "entry \(index)")
            } else {
                #expect(bytes == content(index), "entry \(index)")
            }
        }
        await store.flush()
        #expect(store.usage().entryCount == Self.entryCount - 8)
        #expect(directory.names(in: "store/entries").count == Self.entryCount - 8)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an ingested file, a copied file and a completed download are labelled too, and adopted")
    func everyWriteIsLabelled() async throws {
        let directory = try StorageTemporaryDirectory("adoption")
        let store = try FileContentStore.forTesting(in: directory, durability: .processCrashSafe)
        let download = directory.appending("download")
        try content(0).write(to: download)
        try await store.storeFile(at: download, for: key(0))  // renamed in; labelled in the background
        let own = try #require(await store.content(for: key(0))?.fileURL)
        try await store.storeFile(at: own, for: key(1))  // a file of the store's own: copied
        let writer = try await store.openPartialDownload(for: key(2), validator: nil, resumingAt: 0)
        try writer.append(content(2))
        try await store.completePartialDownload(for: key(2))
        await store.close()
        // Every record goes: the files alone must bring the entries back.
        try Data().write(to: directory.appending("store/journal"))
        let reopened = try FileContentStore.forTesting(in: directory)
        await reopened.flush()  // an empty journal is intact: adoption runs in the background
        #expect(try await reopened.bytes(for: key(0)) == content(0))
        #expect(try await reopened.bytes(for: key(1)) == content(0))
        #expect(try await reopened.bytes(for: key(2)) == content(2))
        #expect(await Set(reopened.keys()) == [key(0), key(1), key(2)])
    }

    /// How a test asks for an entry whose file is being adopted.
    enum Lookup: String, CaseIterable, CustomTestStringConvertible {
        case read, contains
        var testDescription: String { rawValue }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a lookup right after opening waits for the background adoption of its entry instead of missing it",
        arguments: Lookup.allCases)
    func lookupDuringAdoption(_ lookup: Lookup) async throws {
        let directory = try await populatedDirectory()
        // An empty journal is intact, so the adoption runs in the background after opening.
        try Data().write(to: directory.appending("store/journal"))
        let fileSystem = StorageFaultyFileSystem()
        // Held before it lists the entries: until the lookup looks at its file, nothing is adopted.
        fileSystem.holdNextListing(of: "/entries", untilSizeCheckOf: key(3).storageDigest.hex)
        defer { fileSystem.releaseHeldListing() }
        let store = try FileContentStore.forTesting(in: directory, fileSystem: fileSystem)
        switch lookup {
        case .read: #expect(try await store.bytes(for: key(3)) == content(3))
        case .contains: #expect(await store.contains(key(3)))
        }
        // Released at once, so that a lookup that didn't wait leaves nothing blocked.
        fileSystem.releaseHeldListing()
        #expect(await store.contains(key(4)))
        #expect(await store.keys().count == Self.entryCount)
        #expect(await !store.contains(key(99)))
        await store.close()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a file moved under another entry's name is not adopted as that entry")
    func movedFile() async throws {
        let directory = try await populatedDirectory()
        try damageRecords(directory, of: [4])
        try FileManager.default.removeItem(at: entryURL(directory, 4))
        try FileManager.default.moveItem(at: entryURL(directory, 3), to: entryURL(directory, 4))
        let store = try FileContentStore.forTesting(in: directory)
        #expect(try await store.bytes(for: key(4)) == nil)
        #expect(try await store.bytes(for: key(3)) == nil)
        #expect(try await store.bytes(for: key(5)) == content(5))
        #expect(store.usage().entryCount == Self.entryCount - 2)
        #expect(directory.names(in: "store/entries").count == Self.entryCount - 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("adopted entries are the least recently used, and only as many as fit are kept")
    func adoptionWithinCapacity() async throws {
        let directory = try await populatedDirectory()
        try damageRecords(directory, of: [0, 1, 2])
        // Room for the 17 intact entries and one more (each is 200–219 bytes).
        let intact = (3..<Self.entryCount).reduce(Int64(0)) { $0 + Int64(content($1).count) }
        let store = try FileContentStore.forTesting(in: directory, capacity: intact + 210)
        #expect(store.usage().entryCount == Self.entryCount - 2)
        #expect(store.usage().byteCount <= intact + 210)
        #expect(directory.names(in: "store/entries").count == Self.entryCount - 2)
        // The adopted entry is evicted first.
        try await store.store(Data(count: 10), for: key(99))
        #expect(await store.keys().filter { [key(0), key(1), key(2)].contains($0) }.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the files an interrupted purge left are removed, not adopted")
    func interruptedPurge() async throws {
        let directory = try await populatedDirectory()
        var journal: [UInt8] = []
        ManifestRecord(kind: .purge, key: SHA256Digest(0, 0, 0, 0)).encode(into: &journal)
        try Data(journal).write(to: directory.appending("store/journal"))
        let store = try FileContentStore.forTesting(in: directory)
        #expect(store.usage().entryCount == 0)
        #expect(directory.names(in: "store/entries").isEmpty)
        #expect(try await store.bytes(for: key(0)) == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a directory of a newer format is refused and left untouched; an older one is upgraded")
    func formatVersion() async throws {
        let directory = try await populatedDirectory()
        let format = directory.appending("store/format")
        #expect(try String(contentsOf: format, encoding: .utf8) == "AttachmentKit.FileContentStore format 2\n")
        let journal = try Data(contentsOf: directory.appending("store/journal"))
        try Data("AttachmentKit.FileContentStore format 3\n".utf8).write(to: format)
        #expect {
            try FileContentStore.forTesting(in: directory)
        } throws: { error in
            guard case .unusableDirectory(_, let reason) = error as? ContentStoreError else { return false }
            return reason.contains("newer version") && reason.contains("format 3")
        }
        #expect(try Data(contentsOf: directory.appending("store/journal")) == journal)
        #expect(directory.names(in: "store/entries").count == Self.entryCount)
        // A directory without the file (written before it existed) opens and gets it.
        try FileManager.default.removeItem(at: format)
        let store = try FileContentStore.forTesting(in: directory)
        #expect(try await store.bytes(for: key(7)) == content(7))
        #expect(try String(contentsOf: format, encoding: .utf8).hasSuffix("format 2\n"))
    }
}
