import Foundation
import Testing

@testable import AttachmentKit

/// A partial download's writer gathers network-sized chunks into large writes, and a failed
/// write never leaves the file, its checksum and its byte count disagreeing.
@Suite("Partial download write gathering", SuiteTimeLimit.minutes(5), .inTurn)
struct PartialDownloadGatheringTests {
    private let key = ContentKey(partID: "photo")
    private let etag = RemotePart.Validator.entityTag("\"v1\"")
    /// The size of a chunk as libcurl hands it over.
    private let chunkSize = 16 << 10

    /// `count` chunks of bytes that differ from chunk to chunk and within each.
    private func chunks(_ count: Int) -> [Data] {
        (0..<count).map { index in Data((0..<chunkSize).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }) }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("64 chunks of 16 KiB reach the file in a few large writes, byte for byte")
    func gathersChunks() async throws {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try FileContentStore.forTesting(in: directory, fileSystem: fileSystem)
        let chunks = chunks(64)
        let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        for (index, chunk) in chunks.enumerated() {
            try writer.append(chunk)
            #expect(writer.byteCount == Int64((index + 1) * chunkSize))  // gathered bytes count
        }
        _ = try await store.completePartialDownload(for: key, expectedByteCount: Int64(64 * chunkSize))
        #expect(fileSystem.writeCount(pathContaining: ".data") <= 4)  // 1 MiB in 256 KiB writes
        #expect(try await store.bytes(for: key) == Data(chunks.joined()))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a failed write is reported, the file is cut back to where it began, and a resume from there is exact")
    func failedWriteResumesExactly() async throws {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try FileContentStore.forTesting(in: directory, fileSystem: fileSystem)
        let chunks = chunks(40)
        let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        for chunk in chunks[..<20] { try writer.append(chunk) }
        try writer.checkpoint()  // 320 KiB written
        fileSystem.fail(.init(operation: "write", pathContaining: ".data"))
        // The write of chunks 20–35 fails on the writer's thread; a later append or the
        // checkpoint reports it.
        var reported = false
        for chunk in chunks[20...] {
            do throws(ContentStoreError) {
                try writer.append(chunk)
            } catch {
                reported = true
                break
            }
        }
        if !reported { #expect(throws: ContentStoreError.self) { try writer.checkpoint() } }
        fileSystem.heal()
        #expect(writer.byteCount == Int64(20 * chunkSize))  // cut back to where the failed write began
        try writer.close()

        let kept = try #require(await store.partialDownload(for: key))
        #expect(kept.byteCount == Int64(20 * chunkSize))
        let resumed = try await store.openPartialDownload(for: key, validator: etag, resumingAt: kept.byteCount)
        for chunk in chunks[20...] { try resumed.append(chunk) }
        _ = try await store.completePartialDownload(for: key, expectedByteCount: Int64(40 * chunkSize))
        #expect(try await store.bytes(for: key) == Data(chunks.joined()))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with the disk stalled, appends return at once and the backlog handler says when to stop and go on reading")
    func stalledDiskPausesReading() async throws {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try FileContentStore.forTesting(in: directory, fileSystem: fileSystem)
        let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        let changes = LockedState<[Bool]>([])
        writer.setBacklogHandler { isFull in changes.withLock { $0.append(isFull) } }
        let size = PartialDownloadWriter.writeSize
        let buffers = (0..<8).map { Data(repeating: UInt8($0), count: size) }
        fileSystem.holdWrites()
        defer { fileSystem.releaseWrites() }
        let returned = LockedState(0)
        // On a thread outside the task pool: an append that waited for the held disk would block
        // it, and the wait below must still end (at the time limit).
        DispatchQueue.global().async {
            for buffer in buffers {
                guard (try? writer.append(buffer)) != nil else { return }
                returned.withLock { $0 += 1 }
            }
        }
        try await waitUntil("all 8 appends to return with the disk held") { returned.withLock { $0 } == 8 }
        try await waitUntil("the first write to be held") { fileSystem.heldWriteCount == 1 }
        #expect(writer.backlogByteCount == 8 * size)
        #expect(changes.withLock { $0 } == [true])  // full once 4 writes waited
        fileSystem.releaseWrites()
        try await waitUntil("the backlog to drain") { writer.backlogByteCount == 0 }
        #expect(changes.withLock { $0 } == [true, false])
        _ = try await store.completePartialDownload(for: key, expectedByteCount: Int64(8 * size))
        #expect(try await store.bytes(for: key) == Data(buffers.joined()))
    }
}
