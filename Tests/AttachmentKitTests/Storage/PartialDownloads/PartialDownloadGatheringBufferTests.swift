import Foundation
import Testing

@testable import AttachmentKit

/// The writer's gathering buffer is allocated once and reused: emptying it after each write
/// must not allocate a new one (an emptied array that is still shared is copied into a new
/// buffer of its full capacity, which the allocator rounds up: one page more per write, so a
/// 1 GiB download ended with a 16 MiB buffer, mapped and unmapped for every 256 KiB written).
/// When the disk lags, the writer may gather into another pooled buffer, whose capacity the
/// allocator may round differently by a few bytes: each stays within a page of 256 KiB.
@Suite("Partial download gathering buffer", SuiteTimeLimit.minutes(5), .inTurn)
struct PartialDownloadGatheringBufferTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("after 256 writes of 256 KiB the gathering buffer is still about 256 KiB")
    func bufferDoesNotGrow() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory, fileSystem: StorageFaultyFileSystem())
        let key = ContentKey(partID: "big")
        let writer = try await store.openPartialDownload(for: key, validator: nil, resumingAt: 0)
        defer { writer.invalidate() }
        let chunk = Data(repeating: 7, count: 16 << 10)
        try writer.append(chunk)
        let aboutWriteSize = PartialDownloadWriter.writeSize...(PartialDownloadWriter.writeSize + 4096)
        #expect(aboutWriteSize.contains(writer.gatheringCapacity))
        for _ in 0..<(256 * 16) { try writer.append(chunk) }  // 64 MiB: 256 writes
        #expect(aboutWriteSize.contains(writer.gatheringCapacity))
    }
}
