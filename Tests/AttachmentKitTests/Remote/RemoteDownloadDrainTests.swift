#if os(macOS) || os(Linux)
// Spawns nginx: macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// A ``RemoteDownload`` whose observer consumes the bytes as they arrive (an
/// ``ArrivalObserver``, as an ``EncryptedPart``'s decryptor is) and falls behind: the download
/// stops at its buffer limit and waits until the consumer drained before it resumes.
@Suite(.enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"))
struct RemoteDownloadDrainTests {
    /// A consumer that consumes nothing until it is drained: its backlog is every byte taken
    /// since the last drain.
    final class StalledConsumer: ArrivalConsumer {
        let state = LockedState((backlog: 0, drains: 0, taken: Int64(0)))

        func catchUp(to offset: Int64, fileAt path: String) throws(RemotePartError) {
            state.withLock { $0.taken = offset }
        }

        func update(_ chunk: Data) {
            state.withLock { state in
                state.backlog += chunk.count
                state.taken += Int64(chunk.count)
            }
        }

        var backlogByteCount: Int { state.withLock { $0.backlog } }

        func drain() async {
            state.withLock { state in
                state.backlog = 0
                state.drains += 1
            }
        }
    }

    /// An observer whose consumer is a ``StalledConsumer``.
    final class Observer: ArrivalObserver {
        let consumer = StalledConsumer()
        var arrivalConsumer: (any ArrivalConsumer)? { consumer }
        func transfer(of partID: PartID, didUpdate progress: TransferProgress) {}
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a consumer past the buffer limit stops the download, which resumes once it drained: every resume brings bytes",
        .timeLimit(.minutes(1)))
    func resumesAfterDrain() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let bytes = RemoteTestContent.bytes(4 << 20, seed: 91)
        try server.serve(bytes, as: "body.bin")
        let transport = CountingTransport(URLSessionTransport(bufferLimit: 1 << 20))
        let harness = try RemoteTestHarness(transport: transport)
        let part = harness.part(server.url("body.bin"))
        let observer = Observer()
        let content = try await part.downloadContent(
            into: harness.store, key: ContentKey(partID: part.id), clock: SystemTransferClock(), reportingTo: observer)
        #expect(RemoteTestContent.contents(content) == RemoteTestContent.contents(bytes))
        let (drains, taken) = observer.consumer.state.withLock { ($0.drains, $0.taken) }
        // 4 MiB past a 1 MiB limit: stopped at least three times, each stop drained once before
        // its resume (without the wait, every resume would stop again at its first chunk).
        #expect(drains >= 3)
        #expect(transport.requests.withLock { $0.count } == drains + 1)
        #expect(taken == Int64(bytes.count))
    }
}
#endif
