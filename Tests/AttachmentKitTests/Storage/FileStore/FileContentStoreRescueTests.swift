import Foundation
import Testing

@testable import AttachmentKit

/// A key replaced after an earlier write, whose newest put record is lost while the older one
/// survives: the journal then describes bytes that are gone, and the file's label (which was
/// written with the newest bytes) is what vouches for the file. The file is served when its
/// bytes match the label, and never otherwise.
@Suite("FileContentStore rescue of stale journal records", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreRescueTests {
    private let replaced = ContentKey(partID: PartID("replaced"))
    private let other = ContentKey(partID: PartID("other"))
    private let older = Data(repeating: 0x11, count: 300)
    private let otherContent = Data(repeating: 0x33, count: 120)

    /// The newest content of `replaced`: as long as the older one, or not.
    private func newer(sameSize: Bool) -> Data {
        Data((0..<(sameSize ? 300 : 450)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
    }

    private var entryPath: String { "store/entries/\(replaced.storageDigest.hex)" }

    /// A directory where `replaced` was written twice (the older content, then `newest`) and
    /// `other` once, with the newest put of `replaced` damaged.
    private func directoryWithStaleRecord(newest: Data) async throws -> StorageTemporaryDirectory {
        let directory = try StorageTemporaryDirectory("rescue")
        let store = try FileContentStore.forTesting(in: directory, durability: .processCrashSafe)
        try await store.store(older, for: replaced)
        try await store.store(otherContent, for: other)
        try await store.store(newest, for: replaced)
        await store.close()
        try damageNewestPut(in: directory)
        return directory
    }

    /// Flips a byte of the newest of the two put records of `replaced`.
    private func damageNewestPut(in directory: StorageTemporaryDirectory) throws {
        let journal = directory.appending("store/journal")
        var bytes = try Data(contentsOf: journal)
        let newestPut = try #require(puts(of: replaced, in: bytes).last)
        #expect(puts(of: replaced, in: bytes).count == 2)
        bytes[newestPut + 50] ^= 0x10
        try bytes.write(to: journal)
    }

    /// The offsets of the intact put records of `key` in the journal `bytes`.
    private func puts(of key: ContentKey, in bytes: Data) -> [Int] {
        bytes.withUnsafeBytes { buffer in
            stride(from: 0, to: buffer.count, by: ManifestRecord.byteCount).filter { offset in
                guard let record = ManifestRecord(decoding: buffer, at: offset) else { return false }
                return record.kind == .put && record.key == key.storageDigest
            }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the newest content is served when its record was lost and an older one survived, and the journal is repaired",
        arguments: [true, false])
    func staleRecordRescued(sameSize: Bool) async throws {
        let newest = newer(sameSize: sameSize)
        let directory = try await directoryWithStaleRecord(newest: newest)
        let store = try FileContentStore.forTesting(in: directory)
        let served = try await store.checkedContent(for: replaced)
        #expect(try served?.bytes() == newest)
        #expect(try await store.bytes(for: other) == otherContent)
        #expect(store.usage() == ContentStoreUsage(byteCount: Int64(newest.count + otherContent.count), entryCount: 2))
        await store.close()
        // The journal now describes the file, without the label's help.
        let journal = try Data(contentsOf: directory.appending("store/journal"))
        let lastPut = try #require(puts(of: replaced, in: journal).last)
        let record = try #require(journal.withUnsafeBytes { ManifestRecord(decoding: $0, at: lastPut) })
        #expect(record.size == Int64(newest.count))
        #expect(record.checksum == XXH64.hash(newest))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a file whose bytes match neither the journal nor its label is corrupt, never served", arguments: [true, false])
    func damagedFileNotRescued(sameSize: Bool) async throws {
        let directory = try await directoryWithStaleRecord(newest: newer(sameSize: sameSize))
        // Damaged in place, so the file keeps its label.
        let handle = try FileHandle(forUpdating: directory.appending(entryPath))
        try handle.seek(toOffset: 40)
        try handle.write(contentsOf: Data([0xFF]))
        try handle.close()
        let store = try FileContentStore.forTesting(in: directory)
        await #expect(throws: ContentStoreError.self) { try await store.checkedContent(for: self.replaced) }
        #expect(try await store.bytes(for: replaced) == nil)
        #expect(try await store.bytes(for: other) == otherContent)
        #expect(directory.names(in: "store/entries") == [other.storageDigest.hex])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("without a label (no extended attributes) a stale record is still a miss")
    func unlabelledStaysAMiss() async throws {
        let directory = try StorageTemporaryDirectory("rescue")
        let fileSystem = StorageFaultyFileSystem()
        fileSystem.fail(.init(operation: "label"))
        let store = try FileContentStore.forTesting(in: directory, fileSystem: fileSystem)
        try await store.store(older, for: replaced)
        try await store.store(newer(sameSize: false), for: replaced)
        await store.close()
        try damageNewestPut(in: directory)
        let reopened = try FileContentStore.forTesting(in: directory)
        await #expect(throws: ContentStoreError.self) { try await reopened.checkedContent(for: self.replaced) }
        #expect(reopened.usage().entryCount == 0)
    }
}
