import Foundation
import Testing

@testable import AttachmentKit

/// A partial download's writer gathers network-sized chunks into large writes, and a failed
/// write never leaves the file, its checksum and its byte count disagreeing.
@Suite("Partial download write gathering")
struct PartialDownloadGatheringTests {
    private let key = ContentKey(partID: "photo")
    private let etag = ResumeValidator.entityTag("\"v1\"")
    /// The size of a chunk as libcurl hands it over.
    private let chunkSize = 16 << 10

    /// `count` chunks of bytes that differ from chunk to chunk and within each.
    private func chunks(_ count: Int) -> [Data] {
        (0..<count).map { index in Data((0..<chunkSize).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }) }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("64 chunks of 16 KiB reach the file in a few large writes, byte for byte", .timeLimit(.minutes(1)))
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
        "a failed write cuts the file back to the last good write, and a resume from the byte count is exact",
        .timeLimit(.minutes(1)))
    func failedWriteResumesExactly() async throws {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try FileContentStore.forTesting(in: directory, fileSystem: fileSystem)
        let chunks = chunks(40)
        let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        for chunk in chunks[..<20] { try writer.append(chunk) }  // 256 KiB written, 64 KiB gathered
        fileSystem.fail(.init(operation: "write", pathContaining: ".data"))
        var failedAt: Int?
        for (index, chunk) in chunks.enumerated().dropFirst(20) {
            do throws(ContentStoreError) {
                try writer.append(chunk)
            } catch {
                failedAt = index
                break
            }
        }
        #expect(failedAt == 32)  // the gathered 16 chunks are written when the 33rd arrives
        #expect(writer.byteCount == Int64(16 * chunkSize))  // the half write was cut back
        fileSystem.heal()
        try writer.close()

        let kept = try #require(await store.partialDownload(for: key))
        #expect(kept.byteCount == Int64(16 * chunkSize))
        let resumed = try await store.openPartialDownload(for: key, validator: etag, resumingAt: kept.byteCount)
        for chunk in chunks[16...] { try resumed.append(chunk) }
        _ = try await store.completePartialDownload(for: key, expectedByteCount: Int64(40 * chunkSize))
        #expect(try await store.bytes(for: key) == Data(chunks.joined()))
    }
}
