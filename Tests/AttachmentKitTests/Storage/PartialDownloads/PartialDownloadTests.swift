import Foundation
import Testing

@testable import AttachmentKit

@Suite("Partial downloads", SuiteTimeLimit.minutes(5), .inTurn)
struct PartialDownloadTests {
    private let key = ContentKey(partID: "video")
    private let etag = RemotePart.Validator.entityTag("\"v1\"")
    /// 3 MB of varied bytes, so that a byte out of place changes the checksum.
    private var body: Data { Self.body }
    private static let body: Data = {
        var generator = SeededRandom(seed: 5)
        var bytes = [UInt8](repeating: 0, count: 3_000_000)
        for index in stride(from: 0, to: bytes.count, by: 8) {
            withUnsafeBytes(of: generator.next()) { word in
                for offset in 0..<min(8, bytes.count - index) { bytes[index + offset] = word[offset] }
            }
        }
        return Data(bytes)
    }()

    private func append(_ range: Range<Int>, to writer: PartialDownloadWriter) throws {
        for start in stride(from: range.lowerBound, to: range.upperBound, by: 65_536) {
            try writer.append(body[start..<min(start + 65_536, range.upperBound)])
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a download interrupted by a relaunch resumes at the kept byte count and completes whole and verified")
    func resumeAfterRelaunch() async throws {
        let directory = try StorageTemporaryDirectory()
        do {
            let store = try FileContentStore.forTesting(in: directory)
            let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
            try append(0..<1_200_000, to: writer)
            try writer.checkpoint()
            try append(1_200_000..<1_300_000, to: writer)  // after the checkpoint: not kept
        }
        do {
            let store = try FileContentStore.forTesting(in: directory)
            let kept = try #require(await store.partialDownload(for: key))
            #expect(kept == PartialDownload(key: key, byteCount: 1_200_000, validator: etag))
            let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: kept.byteCount)
            try append(1_200_000..<body.count, to: writer)
            try await store.completePartialDownload(for: key, expectedByteCount: Int64(body.count))
            #expect(await store.partialDownload(for: key) == nil)
            #expect(directory.names(in: "store/partial").isEmpty)
        }
        let reopened = try FileContentStore.forTesting(in: directory)
        #expect(try await reopened.bytes(for: key) == body)  // checked against the checksum on first use
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("resuming below the kept byte count rereads the kept bytes for the checksum")
    func resumeEarlier() async throws {
        let directory = try StorageTemporaryDirectory()
        do {
            let store = try FileContentStore.forTesting(in: directory)
            let first = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
            try append(0..<500_000, to: first)
            try first.checkpoint()
            let second = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 123_457)
            #expect(throws: ContentStoreError.self) { try first.append(Data([1])) }  // replaced by the second
            try append(123_457..<body.count, to: second)
            try await store.completePartialDownload(for: key)
        }
        let reopened = try FileContentStore.forTesting(in: directory)
        #expect(try await reopened.bytes(for: key) == body)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "resuming is refused for another validator, past the kept bytes, or with nothing kept")
    func refusedResumes() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        await #expect(throws: ContentStoreError.self) {
            try await store.openPartialDownload(for: key, validator: etag, resumingAt: 10)
        }
        let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        try append(0..<1000, to: writer)
        try writer.checkpoint()
        await #expect(throws: ContentStoreError.self) {
            try await store.openPartialDownload(for: key, validator: .entityTag("\"v2\""), resumingAt: 1000)
        }
        await #expect(throws: ContentStoreError.self) {
            try await store.openPartialDownload(for: key, validator: etag, resumingAt: 1001)
        }
        await #expect(throws: ContentStoreError.self) {
            try await store.openPartialDownload(for: key, validator: etag, resumingAt: -1)
        }
        let restart = try await store.openPartialDownload(for: key, validator: .lastModified("Tue"), resumingAt: 0)
        #expect(restart.byteCount == 0)
        #expect(await store.partialDownload(for: key)?.byteCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a download of the wrong size is not stored and stays resumable")
    func wrongSize() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        try append(0..<1000, to: writer)
        await #expect(throws: ContentStoreError.self) {
            try await store.completePartialDownload(for: key, expectedByteCount: 2000)
        }
        #expect(await store.content(for: key) == nil)
        #expect(await store.partialDownload(for: key)?.byteCount == 1000)
        let resumed = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 1000)
        try append(1000..<2000, to: resumed)
        try await store.completePartialDownload(for: key, expectedByteCount: 2000)
        #expect(try await store.bytes(for: key) == body.prefix(2000))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a download larger than the capacity is refused and kept")
    func tooLarge() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory, capacity: 500)
        let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        try append(0..<501, to: writer)
        await #expect(throws: ContentStoreError.entryTooLarge(key, byteCount: 501, limit: 500)) {
            try await store.completePartialDownload(for: key)
        }
        #expect(await store.partialDownload(for: key)?.byteCount == 501)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("without a validator the bytes can be completed but are not offered for resuming")
    func noValidator() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        let writer = try await store.openPartialDownload(for: key, validator: nil, resumingAt: 0)
        try append(0..<1000, to: writer)
        #expect(await store.partialDownload(for: key) == nil)
        try await store.completePartialDownload(for: key)
        #expect(try await store.bytes(for: key) == body.prefix(1000))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "discarding closes the writer and removes the files; close() keeps them; a short data file is dropped")
    func discardAndDamage() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        try append(0..<1000, to: writer)
        await store.discardPartialDownload(for: key)
        #expect(throws: ContentStoreError.self) { try writer.append(Data([1])) }
        #expect(directory.names(in: "store/partial").isEmpty)
        let other = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        try append(0..<1000, to: other)
        try other.close()  // a checkpoint, so the bytes are kept for resuming
        #expect(await store.partialDownload(for: key)?.byteCount == 1000)
        let dataFile = directory.appending("store/partial/\(key.storageDigest.hex).data")
        try Data(count: 10).write(to: dataFile)
        #expect(await store.partialDownload(for: key) == nil)
        #expect(directory.names(in: "store/partial").isEmpty)
    }

    @Test("a response's validator is its strong ETag, else its Last-Modified date")
    func validatorFromResponse() {
        #expect(RemotePart.Validator(entityTag: "\"a\"", lastModified: "Mon") == .entityTag("\"a\""))
        #expect(RemotePart.Validator(entityTag: "W/\"a\"", lastModified: "Mon") == .lastModified("Mon"))
        #expect(RemotePart.Validator(entityTag: "W/\"a\"", lastModified: nil) == nil)
        #expect(RemotePart.Validator(entityTag: nil, lastModified: "") == nil)
        #expect(RemotePart.Validator.entityTag("W/\"a\"").ifRangeValue == nil)
        #expect(RemotePart.Validator.lastModified("Mon").ifRangeValue == "Mon")
    }

    @Test("the checksum's saved state resumes to the same checksum, and damaged state is refused")
    func hasherState() throws {
        var hasher = XXH64()
        hasher.update(Array(body.prefix(1000)))
        let restored = try #require(XXH64(serialized: hasher.serialized[...]))
        var continued = restored
        continued.update(Array(body.dropFirst(1000).prefix(77)))
        #expect(continued.finalize() == XXH64.hash(Array(body.prefix(1077))))
        var damaged = hasher.serialized
        damaged[40] = 31
        #expect(XXH64(serialized: damaged[...]) == nil)
        let record = PartialDownloadRecord(validator: etag, byteCount: 1000, hasher: hasher)
        var encoded = record.encoded
        #expect(PartialDownloadRecord(decoding: encoded)?.byteCount == 1000)
        encoded[9] ^= 1
        #expect(PartialDownloadRecord(decoding: encoded) == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a checkpoint that fails at close is reported; the file is closed anyway")
    func closeReportsTheCheckpoint() async throws {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try FileContentStore.forTesting(in: directory, fileSystem: fileSystem)
        let writer = try await store.openPartialDownload(for: key, validator: etag, resumingAt: 0)
        try append(0..<1000, to: writer)
        fileSystem.fail(.init(operation: "fsync", pathContaining: ".data", code: EIO))
        #expect(throws: ContentStoreError.self) { try writer.close() }
        fileSystem.heal()
        try writer.close()  // already closed: nothing to report
        #expect(throws: ContentStoreError.self) { try writer.append(Data([1])) }
    }
}
