import Foundation
import Testing

@testable import AttachmentKit

/// ``ArrivalDecryptor`` driven as a download drives it: chunks as they arrive, the catch-ups of
/// a resume and a restart, the finish after the hash matched, and the discard after a failure.
@Suite("Encrypted parts: decrypting as the ciphertext arrives", SuiteTimeLimit.minutes(2), .inTurn)
struct ArrivalDecryptorTests {
    /// A fixture with its ciphertext in a file, and a staging path beside it.
    struct Setup {
        let fixture: EncryptedFixture
        let directory: StorageTemporaryDirectory
        let cipherFile: URL
        let staging: URL

        init(_ byteCount: Int, seed: UInt64) throws {
            fixture = try EncryptedFixture(RemoteTestContent.bytes(byteCount, seed: seed))
            directory = try StorageTemporaryDirectory("arrival-decryptor")
            cipherFile = directory.appending("cipher")
            staging = directory.appending("staging")
            try fixture.ciphertext.write(to: cipherFile)
        }

        /// Hands the ciphertext's bytes `range` to `decryptor` in chunks of an odd size.
        func feed(_ range: Range<Int>, to decryptor: ArrivalDecryptor) {
            var offset = range.lowerBound
            while offset < range.upperBound {
                let end = min(offset + 16_377, range.upperBound)
                decryptor.update(fixture.ciphertext.subdata(in: offset..<end))
                offset = end
            }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "chunks, a resume past kept bytes and one before them: the staging file is the whole plaintext")
    func resumeAndCutBack() async throws {
        let setup = try Setup((3 << 20) + 12_345, seed: 71)
        let decryptor = try ArrivalDecryptor(file: setup.fixture.file, staging: setup.staging)
        try decryptor.catchUp(to: 0, fileAt: setup.cipherFile.path)
        setup.feed(0..<700_001, to: decryptor)
        // A resume after a relaunch: the kept bytes past those decrypted are read from the file.
        try decryptor.catchUp(to: 1_500_007, fileAt: setup.cipherFile.path)
        setup.feed(1_500_007..<2_600_003, to: decryptor)
        // A resume from an earlier checkpoint: the plaintext past it is cut back.
        try decryptor.catchUp(to: 1_000_003, fileAt: setup.cipherFile.path)
        setup.feed(1_000_003..<3_000_000, to: decryptor)
        let size = setup.fixture.ciphertext.count
        try await decryptor.finish(byteCount: Int64(size), from: .file(setup.cipherFile))
        #expect(try Data(contentsOf: setup.staging) == setup.fixture.plaintext)
        #expect(decryptor.backlogByteCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with no chunk at all (a 416 completed the kept bytes), the finish decrypts the whole ciphertext")
    func nothingArrived() async throws {
        let setup = try Setup(1_000_003, seed: 72)
        let fromFile = try ArrivalDecryptor(file: setup.fixture.file, staging: setup.staging)
        try await fromFile.finish(byteCount: Int64(setup.fixture.ciphertext.count), from: .file(setup.cipherFile))
        #expect(try Data(contentsOf: setup.staging) == setup.fixture.plaintext)
        let inMemory = setup.directory.appending("in-memory")
        let fromData = try ArrivalDecryptor(file: setup.fixture.file, staging: inMemory)
        setup.feed(0..<77_777, to: fromData)
        try await fromData.finish(
            byteCount: Int64(setup.fixture.ciphertext.count), from: .data(setup.fixture.ciphertext))
        #expect(try Data(contentsOf: inMemory) == setup.fixture.plaintext)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "chunks past its queue's bound are not taken; the finish decrypts them from the file, and a resume takes them again"
    )
    func behind() async throws {
        let setup = try Setup((2 << 20) + 5, seed: 75)
        let decryptor = try ArrivalDecryptor(file: setup.fixture.file, staging: setup.staging, backlogLimit: 64 << 10)
        setup.feed(0..<1_000_001, to: decryptor)
        #expect(decryptor.isBehind)
        #expect(decryptor.backlogByteCount <= 64 << 10)
        // A resume: the kept bytes come from the file, and the chunks after them are taken.
        try decryptor.catchUp(to: 1_200_011, fileAt: setup.cipherFile.path)
        #expect(!decryptor.isBehind)
        await decryptor.drain()
        setup.feed(1_200_011..<1_216_000, to: decryptor)
        #expect(!decryptor.isBehind)
        setup.feed(1_216_000..<setup.fixture.ciphertext.count, to: decryptor)
        try await decryptor.finish(byteCount: Int64(setup.fixture.ciphertext.count), from: .file(setup.cipherFile))
        #expect(try Data(contentsOf: setup.staging) == setup.fixture.plaintext)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a discarded decryptor, and one let go unfinished, leave no staging file")
    func discarded() async throws {
        let setup = try Setup(600_000, seed: 73)
        let decryptor = try ArrivalDecryptor(file: setup.fixture.file, staging: setup.staging)
        setup.feed(0..<600_000, to: decryptor)
        await decryptor.discard()
        #expect(!FileManager.default.fileExists(atPath: setup.staging.path))
        let forgotten = setup.directory.appending("forgotten")
        try await Self.feedAndForget(setup, staging: forgotten)
        #expect(!FileManager.default.fileExists(atPath: forgotten.path))
    }

    /// Feeds a decryptor at `staging` and lets it go without finishing or discarding it.
    static func feedAndForget(_ setup: Setup, staging: URL) async throws {
        let decryptor = try ArrivalDecryptor(file: setup.fixture.file, staging: staging)
        setup.feed(0..<300_000, to: decryptor)
        await decryptor.drain()
        #expect(FileManager.default.fileExists(atPath: staging.path))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a resume whose kept bytes can't be read fails, and the finish reports a short ciphertext")
    func unreadableKeptBytes() async throws {
        let setup = try Setup(200_000, seed: 74)
        let decryptor = try ArrivalDecryptor(file: setup.fixture.file, staging: setup.staging)
        #expect(throws: RemotePartError.self) {
            try decryptor.catchUp(to: 100_000, fileAt: setup.directory.appending("missing").path)
        }
        let short = setup.directory.appending("short")
        try setup.fixture.ciphertext.prefix(150_000).write(to: short)
        await #expect(throws: EncryptedAttachment.Error.self) {
            try await decryptor.finish(byteCount: 200_000, from: .file(short))
        }
        #expect(!FileManager.default.fileExists(atPath: setup.staging.path))
    }
}
