#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// Every download of a ``URLSessionTransport`` shares its delegate queue (on Linux, every
/// download of the process shares FoundationNetworking's work queue): one download's disk must
/// not hold back another's.
@Suite(.enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"), SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteSlowDiskTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a download whose disk is stalled holds back no other download of its transport, and completes once released")
    func stalledDiskHoldsBackOnlyItsDownload() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let slowBytes = RemoteTestContent.bytes(6 << 20, seed: 61)
        let fastBytes = RemoteTestContent.bytes(4 << 20, seed: 62)
        try server.serve(slowBytes, as: "slow.bin")
        try server.serve(fastBytes, as: "fast.bin")
        // A 1 MiB buffer limit: the stalled download overruns it and must resume afterwards.
        let transport = URLSessionTransport(bufferLimit: 1 << 20)
        let disk = StorageFaultyFileSystem()
        let directory = try StorageTemporaryDirectory("slow-disk")
        let slowStore = try FileContentStore.forTesting(in: directory, durability: .processCrashSafe, fileSystem: disk)
        let slowCoordinator = DownloadCoordinator(store: slowStore)
        let slowPart = RemotePart(
            id: "slow", url: server.url("slow.bin"), mimeType: .applicationOctetStream,
            downloader: RemotePart.Downloader(transport: transport, configuration: RemoteTestHarness.configuration()))
        let fast = try RemoteTestHarness(transport: transport)

        disk.holdWrites(pathContaining: ".data")  // the body's writes, not the store's records
        defer { disk.releaseWrites() }
        let slow = Task { try await slowCoordinator.content(for: slowPart) }
        try await waitUntil("the slow download's first write to be held") { disk.heldWriteCount == 1 }
        // If the other download waits for this disk, so may FoundationNetworking's own calls on
        // the task pool's threads, and the time limit could never fire: after 30 s (generous),
        // a thread of its own lets the disk go, and the test fails below instead of hanging.
        let finished = LockedState<(fast: Bool, gaveUp: Bool)>((false, false))
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
            guard
                finished.withLock({ state in
                    state.gaveUp = !state.fast
                    return state.gaveUp
                })
            else { return }
            disk.releaseWrites()
        }
        let stored = try await fast.download(fast.part(server.url("fast.bin"), id: "fast")).get()
        // The order is the point: the other download completed while this disk wrote nothing.
        #expect(
            finished.withLock { state in
                state.fast = true
                return !state.gaveUp
            })
        #expect(disk.heldWriteCount == 1)
        #expect(disk.writeCount(pathContaining: ".data") == 1)
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(fastBytes))

        disk.releaseWrites()
        let slowContent = try await slow.value
        #expect(RemoteTestContent.contents(slowContent) == RemoteTestContent.contents(slowBytes))
        // Stopped at the buffer limit, and resumed from the written bytes.
        try await server.waitForRequests(3)
        #expect(server.requests.contains { $0.uri == "/slow.bin" && $0.range.hasPrefix("bytes=") })
    }
}
#endif
