import Foundation
import Testing

@testable import AttachmentKit

/// Damage to the journal (flipped, inserted or cut bytes) costs no entry: the damaged records'
/// entries are adopted again from their files' labels. Opening leaves no file on disk that the
/// manifest doesn't count.
@Suite("FileContentStore journal damage", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreJournalDamageTests {
    private static let entryCount = 151

    private func key(_ index: Int) -> ContentKey { ContentKey(partID: PartID("key-\(index)")) }

    private func content(_ index: Int) -> Data { Data(repeating: UInt8(truncatingIfNeeded: index), count: 100 + index) }

    /// The records each entry has in the journal: its name, then its put.
    private static let recordsPerEntry = 2

    /// The offset of a byte of entry `index`'s put record.
    private func putRecord(_ index: Int, byte: Int) -> Int {
        (index * Self.recordsPerEntry + 1) * ManifestRecord.byteCount + byte
    }

    /// A closed store holding `entryCount` entries, whose journal holds a name record and a put
    /// record per entry, in order.
    private func populatedDirectory() async throws -> StorageTemporaryDirectory {
        let directory = try StorageTemporaryDirectory("journal")
        let store = try FileContentStore.forTesting(in: directory, durability: .processCrashSafe)
        for index in 0..<Self.entryCount { try await store.store(content(index), for: key(index)) }
        return directory
    }

    private func changeJournal(_ directory: StorageTemporaryDirectory, _ change: (inout Data) -> Void) throws {
        let url = directory.appending("store/journal")
        var bytes = try Data(contentsOf: url)
        #expect(bytes.count == Self.entryCount * Self.recordsPerEntry * ManifestRecord.byteCount)
        change(&bytes)
        try bytes.write(to: url)
    }

    /// Opens the store and returns the indexes of the keys it still has, checking that each
    /// reads back whole and that the files on disk are exactly what it counts.
    private func survivors(in directory: StorageTemporaryDirectory) async throws -> Set<Int> {
        let store = try FileContentStore.forTesting(in: directory)
        // A journal that looks intact (cut on a record boundary) is reconciled with the entries
        // in the background, adopting what it lost: wait for that first.
        await store.flush()
        var found = Set<Int>()
        for index in 0..<Self.entryCount {
            guard let bytes = try await store.bytes(for: key(index)) else { continue }
            #expect(bytes == content(index), "key \(index)")
            found.insert(index)
        }
        await store.flush()
        let usage = store.usage()
        #expect(usage.entryCount == found.count)
        let files = directory.names(in: "store/entries")
        let bytesOnDisk = files.reduce(Int64(0)) { total, name in
            total + Int64((try? Data(contentsOf: directory.appending("store/entries/\(name)")))?.count ?? 0)
        }
        #expect(files.count == usage.entryCount)
        #expect(bytesOnDisk == usage.byteCount)
        return found
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("one flipped byte in the journal costs no entry: its file is adopted again")
    func oneFlippedByte() async throws {
        let directory = try await populatedDirectory()
        try changeJournal(directory) { $0[putRecord(20, byte: 30)] ^= 0x01 }
        #expect(try await survivors(in: directory) == Set(0..<Self.entryCount))
        // The journal was rewritten: opening again finds the same, and the key by its label.
        #expect(try await survivors(in: directory).count == Self.entryCount)
        #expect(try await FileContentStore.forTesting(in: directory).keys().contains(key(20)))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("damage to N records, adjacent or apart, loses no entry")
    func severalDamagedRecords() async throws {
        let directory = try await populatedDirectory()
        let damaged = [0, 5, 50, 51, 100, 150]
        try changeJournal(directory) { bytes in
            for entry in damaged { bytes[putRecord(entry, byte: 77)] ^= 0x80 }
            // A damaged name record costs the key's place in the listing, not its entry.
            bytes[putRecord(60, byte: 90) - ManifestRecord.byteCount] ^= 0x80
        }
        #expect(try await survivors(in: directory) == Set(0..<Self.entryCount))
        let store = try FileContentStore.forTesting(in: directory)
        // Entry 60's put is intact, so its file is no orphan: only its listing is lost.
        #expect(await store.keys().count == Self.entryCount - 1)
        #expect(await !store.keys().contains(key(60)))
        #expect(await store.keys().contains(key(50)))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a byte inserted or lost in the middle shifts the records after it, and costs no entry")
    func shiftedRecords() async throws {
        for shift in [1, -1] {
            let directory = try await populatedDirectory()
            try changeJournal(directory) { bytes in
                let offset = putRecord(30, byte: 64)
                if shift > 0 { bytes.insert(0x42, at: offset) } else { bytes.remove(at: offset) }
            }
            #expect(try await survivors(in: directory) == Set(0..<Self.entryCount))
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a journal cut on a record boundary or mid-record loses no entry: the cut-off files are adopted")
    func cutJournal() async throws {
        for cut in [51 * Self.recordsPerEntry * ManifestRecord.byteCount, 40 * ManifestRecord.byteCount + 77] {
            let directory = try await populatedDirectory()
            try changeJournal(directory) { $0.removeLast(cut) }
            #expect(try await survivors(in: directory) == Set(0..<Self.entryCount), "cut \(cut)")
            #expect(try await FileContentStore.forTesting(in: directory).keys().count == Self.entryCount)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "without labels (an older store, a file system without extended attributes) damage costs the damaged records' entries alone"
    )
    func unlabelledEntries() async throws {
        let directory = try StorageTemporaryDirectory("journal")
        let fileSystem = StorageFaultyFileSystem()
        fileSystem.fail(.init(operation: "label"))
        let store = try FileContentStore.forTesting(
            in: directory, durability: .processCrashSafe, fileSystem: fileSystem)
        for index in 0..<Self.entryCount { try await store.store(content(index), for: key(index)) }
        await store.close()
        try changeJournal(directory) { bytes in
            for entry in [3, 90] { bytes[putRecord(entry, byte: 77)] ^= 0x80 }
            bytes.removeLast(10 * Self.recordsPerEntry * ManifestRecord.byteCount)
        }
        let expected = Set(0..<Self.entryCount - 10).subtracting([3, 90])
        #expect(try await survivors(in: directory) == expected)
    }
}
