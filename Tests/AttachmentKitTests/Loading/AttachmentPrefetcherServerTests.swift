#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// The prefetcher against a counting HTTP server (``RemoteFaultServer`` logs every request),
/// through the public API only: `RemotePart`s, the prefetcher, a loader and the coordinator.
@MainActor
@Suite("Attachment prefetcher against a counting server", SuiteTimeLimit.minutes(5), .inTurn)
struct AttachmentPrefetcherServerTests {
    private static let image = SyntheticImages.jpeg(width: 640, height: 480)

    private static func ok(stallingFor seconds: Double? = nil) -> RemoteFaultServer.Response {
        let length = image.count
        let ops: [RemoteFaultServer.Op] =
            seconds.map { [.slice(0, length / 2), .sleep($0), .slice(length / 2, length)] } ?? [.slice(0, length)]
        return .init(status: 200, headers: [["Content-Length", "\(length)"]], ops: ops)
    }

    /// Half the image, then a wait for the test to release `gate`, then the rest.
    private static func ok(heldAt gate: String) -> RemoteFaultServer.Response {
        let length = image.count
        return .init(
            status: 200, headers: [["Content-Length", "\(length)"]],
            ops: [.slice(0, length / 2), .gate(gate), .slice(length / 2, length)])
    }

    private static func prefetcher(_ harness: RemoteTestHarness) -> AttachmentPrefetcher {
        AttachmentPrefetcher(resolver: AttachmentResolver(downloads: harness.coordinator), fetchingOriginal: true)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "500 messages started and stopped in one tick make no request; the one kept is fetched and drains once")
    func startsAndStopsMakeNoRequest() async throws {
        var paths = ["/kept": [Self.ok()]]
        for index in 0..<500 { paths["/stopped-\(index)"] = [Self.ok()] }
        let server = try await RemoteFaultServer(content: Self.image, paths: paths)
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let prefetcher = Self.prefetcher(harness)
        var drained = 0
        prefetcher.onDrained = { drained += 1 }
        let kept = harness.part(server.url("/kept"), id: "kept", mimeType: .imageJPEG)
        let stopped: [[any MessagePart]] = (0..<500).map { index in
            [harness.part(server.url("/stopped-\(index)"), id: "stopped-\(index)", mimeType: .imageJPEG)]
        }
        prefetcher.startPrefetching([[kept]])
        for message in stopped.prefix(250) {
            prefetcher.startPrefetching([message])
            prefetcher.stopPrefetching([message])
        }
        prefetcher.startPrefetching(Array(stopped.suffix(250)))
        prefetcher.stopPrefetching(Array(stopped.suffix(250)))
        await waitOnMainActor("the kept message to drain the prefetcher") { drained == 1 }
        await harness.coordinator.waitUntilIdleUnlessCancelled()
        #expect(server.requests.map(\.path) == ["/kept"])
        #expect(await harness.stored("kept").content != nil)
        await Task.yield()
        #expect(drained == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a message being prefetched and then opened by the user is escalated and requested once")
    func openedWhilePrefetchingIsRequestedOnce() async throws {
        // The prefetch's response waits for the test, not for a time: the loader joins the
        // running transfer however slowly a loaded machine lets it start (a timed stall could
        // end first, and the loader would then find the content stored and never join).
        let server = try await RemoteFaultServer(content: Self.image, paths: ["/photo": [Self.ok(heldAt: "photo")]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let prefetcher = Self.prefetcher(harness)
        let part = harness.part(server.url("/photo"), id: "photo", mimeType: .imageJPEG)
        prefetcher.startPrefetching([[part]])
        try await waitUntil("the prefetch's request") { !server.requests.isEmpty }
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: harness.coordinator))
        loader.priority = .high
        loader.load(parts: [part], fetchingOriginal: true)
        try await waitUntil("the loader to join") { await harness.coordinator.priority(of: "photo") == .high }
        try server.release("photo")
        await waitOnMainActor("the original") { loader.state.isShowingOriginal }
        #expect(server.requests.count == 1)
        withExtendedLifetime(prefetcher) {}
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a prefetcher the app forgot to retain leaves no transfer running")
    func forgottenPrefetcherLeavesNothingRunning() async throws {
        let server = try await RemoteFaultServer(content: Self.image, paths: ["/photo": [Self.ok(stallingFor: 3600)]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        var prefetcher: AttachmentPrefetcher? = Self.prefetcher(harness)
        prefetcher?.startPrefetching([[harness.part(server.url("/photo"), id: "photo", mimeType: .imageJPEG)]])
        try await waitUntil("the prefetch's request") { !server.requests.isEmpty }
        #expect(await harness.coordinator.activeTransferCount == 1)
        prefetcher = nil
        // The stall lasts an hour: only the release's cancellation can end the transfer.
        await harness.coordinator.waitUntilIdleUnlessCancelled()
        #expect(await harness.coordinator.activeTransferCount == 0)
        #expect(await harness.stored("photo").content == nil)
    }
}
#endif
