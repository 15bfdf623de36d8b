#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// The tus checksum extension against the PyPI `resumable-upload` server, which verifies each
/// `Upload-Checksum` itself and answers `460` to a mismatch, behind the fault proxy that logs the
/// header and can corrupt a chunk on its way.
@Suite("tus checksums against a real server", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct TusChecksumTests {
    static let fileSize = 3 << 20

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a server offering only sha1 gets sha1 checksums on every PATCH, and verifies them")
    func sha1Only() async throws {
        let server = try await TusTestServer(faults: [], checksumAlgorithms: "sha1")
        let folder = try StorageTemporaryDirectory("tus-checksum")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: Self.fileSize, seed: 51)
        let uploaded = try await TusUploadTests.coordinator().upload(
            TusUploadTests.part(source), to: .tus(server.endpoint))
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
        #expect(server.patches.count == 3)
        // Each header is the chunk's SHA-1, as Python's hashlib computes it.
        let bytes = try Data(contentsOf: source)
        for patch in server.patches {
            let chunk = bytes[Int(patch.offset)..<Int(patch.offset + patch.length)]
            let outcome = try await ExternalTool.run(
                "python3",
                [
                    "-c",
                    "import base64,hashlib,sys; print(base64.b64encode(hashlib.sha1(sys.stdin.buffer.read()).digest()).decode())",
                ],
                input: Data(chunk))
            let expected = String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            #expect(patch.checksum == "sha1 \(expected)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "sha256 is preferred when offered; an algorithm AttachmentKit lacks gets no checksum")
    func choice() async throws {
        let folder = try StorageTemporaryDirectory("tus-checksum")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 100_000, seed: 52)
        let both = try await TusTestServer(faults: [], checksumAlgorithms: "sha1,sha256")
        _ = try await TusUploadTests.coordinator().upload(TusUploadTests.part(source), to: .tus(both.endpoint))
        #expect(both.patches.map { $0.checksum?.split(separator: " ").first } == ["sha256"])
        let md5 = try await TusTestServer(faults: [], checksumAlgorithms: "md5")
        let uploaded = try await TusUploadTests.coordinator().upload(
            TusUploadTests.part(source), to: .tus(md5.endpoint))
        #expect(md5.patches.map(\.checksum) == [nil])
        #expect(try sha256Hex(of: md5.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with checksums and no chunk limit set, a PATCH carries at most 2 MiB: a drop sends at most one chunk again")
    func checksummedChunksBounded() async throws {
        let chunk = TusUpload.checksummedChunkByteCount
        let server = try await TusTestServer(
            faults: [.drop(patch: 1, after: Int(chunk / 2))], checksumAlgorithms: "sha1")
        let folder = try StorageTemporaryDirectory("tus-checksum")
        let size = 2 * chunk + chunk / 2
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: Int(size), seed: 55)
        let uploaded = try await TusUploadTests.coordinator(chunk: nil).upload(
            TusUploadTests.part(source), to: .tus(server.endpoint))
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
        // (The proxy logs no checksum for the PATCH it cuts off.)
        #expect(server.patches.allSatisfy { $0.length <= chunk })
        #expect(server.patches.allSatisfy { $0.fault != nil || $0.checksum?.hasPrefix("sha1 ") == true })
        // The cut-off chunk is refused whole and sent again from its start, nothing else.
        let delivered = server.patches.filter { $0.received > 0 }
        #expect(delivered.map(\.offset) == [0, chunk, chunk, 2 * chunk])
        #expect(delivered.map(\.received).reduce(0, +) - size <= chunk)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a chunk corrupted on its way is refused by the server (460) and sent again")
    func mismatchResent() async throws {
        let server = try await TusTestServer(faults: [.corrupt(patch: 1)], checksumAlgorithms: "sha1")
        let folder = try StorageTemporaryDirectory("tus-checksum")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: Self.fileSize, seed: 53)
        // One attempt only: the chunk is sent again within it, as the tus spec has it, not by a retry.
        let coordinator = UploadCoordinator(
            configuration: UploadCoordinator.Configuration(
                maximumChunkByteCount: TusUploadTests.chunk, idleTimeout: TusUploadTests.idleTimeout,
                retryPolicy: RetryPolicy(maximumAttempts: 1, initialDelay: 0, jitter: 0)))
        let uploaded = try await coordinator.upload(TusUploadTests.part(source), to: .tus(server.endpoint))
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
        #expect(server.patches.map(\.offset) == [0, 1 << 20, 1 << 20, 2 << 20])
        #expect(server.patches.map(\.fault) == [nil, "corrupt", nil, nil])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a chunk refused every time fails the upload with UploadError.checksumMismatch; nothing refused is kept")
    func mismatchFinal() async throws {
        let server = try await TusTestServer(
            faults: (0..<TusUpload.maximumRefusals).map { .corrupt(patch: $0) }, checksumAlgorithms: "sha1")
        let folder = try StorageTemporaryDirectory("tus-checksum")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 200_000, seed: 54)
        let journal = try UploadCoordinator.Journal(directory: folder.appending("journal"))
        let coordinator = UploadCoordinator(
            journal: journal,
            configuration: UploadCoordinator.Configuration(
                idleTimeout: TusUploadTests.idleTimeout,
                retryPolicy: RetryPolicy(maximumAttempts: 1, initialDelay: 0, jitter: 0)))
        await #expect {
            try await coordinator.upload(TusUploadTests.part(source), to: .tus(server.endpoint))
        } throws: { error in
            guard case .failed(_, 1, UploadError.checksumMismatch) = error as? TransferError else { return false }
            return true
        }
        #expect(server.patches.count == TusUpload.maximumRefusals)
        #expect(journal.pendingUpload(for: "m/original")?.confirmedOffset == 0)
        // Resumed, the same upload finishes: the server kept nothing of the refused chunks.
        let results = await TusUploadTests.coordinator(journal: journal).resumePendingUploads()
        let uploaded = try #require(try results.first?.get())
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
        #expect(uploaded.resumedAt == 0)
    }
}
#endif
