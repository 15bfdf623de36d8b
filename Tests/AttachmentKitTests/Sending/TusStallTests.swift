#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// A server that stops reading and answering in the middle of a `PATCH`.
@Suite("Uploading with tus through a stall", .serialized, .inTurn)
struct TusStallTests {
    static let idleTimeout = 2.0

    static func coordinator(_ journal: UploadCoordinator.Journal, attempts: Int) -> UploadCoordinator {
        UploadCoordinator(
            journal: journal,
            configuration: UploadCoordinator.Configuration(
                maximumChunkByteCount: TusUploadTests.chunk, idleTimeout: idleTimeout,
                retryPolicy: RetryPolicy(maximumAttempts: attempts, initialDelay: 0, jitter: 0),
                progressThrottle: .none))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a stall mid-PATCH times out with a typed error within the idle timeout; a retry resumes from the server's offset",
        .timeLimit(.minutes(1)))
    func stall() async throws {
        let stalledAt = 300_000
        // No checksum offered, so the server keeps the bytes of the stalled PATCH that reached it
        // (with one, it refuses the cut-off chunk whole and the retry starts at the chunk).
        let server = try await TusTestServer(faults: [.stall(patch: 1, after: stalledAt)], checksumAlgorithms: "")
        let folder = try StorageTemporaryDirectory("tus-stall")
        let journal = try UploadCoordinator.Journal(directory: folder.appending("journal"))
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: TusUploadTests.fileSize, seed: 61)
        let part = TusUploadTests.part(source)
        let clock = ContinuousClock()
        let started = clock.now
        await #expect {
            try await Self.coordinator(journal, attempts: 1).upload(part, to: .tus(server.endpoint))
        } throws: { error in
            guard case .failed(_, 1, RemotePartError.timedOut(.idle)) = error as? TransferError else { return false }
            return true
        }
        let waited = clock.now - started
        #expect(server.hasStopped)
        // The idle timeout, plus the first chunk and the requests around it; not the proxy's 20 s.
        #expect(waited >= .seconds(Self.idleTimeout))
        #expect(waited < .seconds(Self.idleTimeout + 8))
        #expect(journal.pendingUpload(for: part.id)?.confirmedOffset == TusUploadTests.chunk)
        let uploaded = try await Self.coordinator(journal, attempts: 3).upload(part, to: .tus(server.endpoint))
        let held = TusUploadTests.chunk + Int64(stalledAt)
        #expect(uploaded.resumedAt == held)
        let patches = server.patches.filter { $0.received > 0 }
        #expect(patches.map(\.offset) == [0, TusUploadTests.chunk, held, held + TusUploadTests.chunk])
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
    }
}
#endif
