#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// A server that stops reading and answering in the middle of a `PATCH`.
///
/// The idle timeout runs on a clock the test moves by hand once the proxy has stalled, so a
/// loaded machine can neither make the timeout fire early (a slow send is not a stall) nor make
/// the test wait it out.
@Suite("Uploading with tus through a stall", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct TusStallTests {
    static let idleTimeout = 2.0

    static func coordinator(_ journal: UploadCoordinator.Journal, attempts: Int, clock: any TransferClock)
        -> UploadCoordinator
    {
        UploadCoordinator(
            journal: journal,
            configuration: UploadCoordinator.Configuration(
                maximumChunkByteCount: TusUploadTests.chunk, idleTimeout: idleTimeout,
                retryPolicy: RetryPolicy(maximumAttempts: attempts, initialDelay: 0, jitter: 0),
                progressThrottle: .none, clock: clock))
    }

    @Test(
        "a stall mid-PATCH times out with a typed error once an idle timeout passes with nothing sent; a retry resumes from the server's offset"
    )
    func stall() async throws {
        let stalledAt = 300_000
        // No checksum offered, so the server keeps the bytes of the stalled PATCH that reached it
        // (with one, it refuses the cut-off chunk whole and the retry starts at the chunk).
        let server = try await TusTestServer(faults: [.stall(patch: 1, after: stalledAt)], checksumAlgorithms: "")
        let folder = try StorageTemporaryDirectory("tus-stall")
        let journal = try UploadCoordinator.Journal(directory: folder.appending("journal"))
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: TusUploadTests.fileSize, seed: 61)
        let part = TusUploadTests.part(source)
        let clock = TransferTestClock()
        let ended = LockedState(false)
        let stalled = Task { () -> (any Error)? in
            defer { ended.withLock { $0 = true } }
            do {
                _ = try await Self.coordinator(journal, attempts: 1, clock: clock).upload(
                    part, to: .tus(server.endpoint))
                return nil
            } catch {
                return error
            }
        }
        try await waitUntil("the proxy to stall mid-PATCH") { server.hasStopped }
        // Bytes may still go into the sockets' buffers for a moment after the stall, and each is
        // activity: the clock moves on one idle timeout at a time, each time once the watchdog
        // sleeps, until the upload ends (the proxy closes after 20 s of real time, which would
        // end it with a lost connection instead).
        for _ in 0..<1000 where !ended.withLock({ $0 }) {
            // The upload may end between the check above and here: then no watchdog sleeps again.
            try await waitUntil("the watchdog to sleep or the upload to end") {
                ended.withLock { $0 } || clock.sleeperCount > 0
            }
            let looks = clock.sleepRequests.count
            clock.advance(by: Self.idleTimeout)
            try await waitUntil("the upload to end or its watchdog to look again") {
                ended.withLock { $0 } || clock.sleepRequests.count > looks
            }
        }
        let error = await stalled.cancellableValue
        guard case .failed(_, 1, RemotePartError.timedOut(.idle))? = error as? TransferError else {
            Issue.record("expected the attempt to fail with timedOut(.idle), got \(String(describing: error))")
            return
        }
        #expect(journal.pendingUpload(for: part.id)?.confirmedOffset == TusUploadTests.chunk)
        // The retry runs on the system clock with an idle timeout no loaded machine reaches.
        let retry = UploadCoordinator(
            journal: journal,
            configuration: UploadCoordinator.Configuration(
                maximumChunkByteCount: TusUploadTests.chunk, idleTimeout: 600,
                retryPolicy: RetryPolicy(maximumAttempts: 3, initialDelay: 0, jitter: 0), progressThrottle: .none))
        let uploaded = try await retry.upload(part, to: .tus(server.endpoint))
        let held = TusUploadTests.chunk + Int64(stalledAt)
        #expect(uploaded.resumedAt == held)
        let patches = server.patches.filter { $0.received > 0 }
        #expect(patches.map(\.offset) == [0, TusUploadTests.chunk, held, held + TusUploadTests.chunk])
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
    }
}
#endif
