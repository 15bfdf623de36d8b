#if os(macOS) || os(Linux)
// Uses the fault server, whose ChildProcess exists on macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// A message whose only part is a ``RemotePart`` image of unknown size (Stream, Slack and Mastodon
/// send an image URL alone), with the default policy but for a small sole-image limit: it is
/// fetched and shown when it fits the limit; when it doesn't, the download itself stops at the
/// limit (before the body when `Content-Length` says so, where the body crosses it otherwise),
/// keeps nothing, and only then does the state say it waits for a tap.
@MainActor
@Suite("Sole image of unknown size: fetched under maximumSoleImageByteCount, stopped at it", .inTurn)
struct SoleImageByteLimitTests {
    /// The photo: a JPEG of a few kilobytes.
    nonisolated static let photo = SyntheticImages.jpeg(width: 4032, height: 3024)
    /// The limit: half the photo, so that the photo is over it.
    nonisolated static let limit = Int64(photo.count / 2)

    /// A harness, and a resolver whose policy is the default with ``limit`` (or `limit`).
    @MainActor
    private struct Fixture {
        let server: RemoteFaultServer
        let harness: RemoteTestHarness
        let resolver: AttachmentResolver

        init(_ responses: [RemoteFaultServer.Response], limit: Int64 = SoleImageByteLimitTests.limit) async throws {
            server = try await RemoteFaultServer(content: SoleImageByteLimitTests.photo, paths: ["/photo": responses])
            harness = try RemoteTestHarness()
            var policy = AttachmentResolver.AutoDownloadPolicy.default
            policy.maximumSoleImageByteCount = limit
            resolver = AttachmentResolver(autoDownload: policy, downloads: harness.coordinator)
        }

        /// The message: one URL, no size.
        var photo: RemotePart {
            RemotePart(
                id: "sole/unknown", url: server.url("/photo"), mimeType: .imageJPEG, downloader: harness.downloader)
        }

        /// A loader showing the message, after its run ended.
        func load(fetchingOriginal: Bool = false) async -> CallbackAttachmentLoader {
            let loader = CallbackAttachmentLoader(resolver: resolver, downloadDelay: 0)
            loader.load(parts: [photo], fetchingOriginal: fetchingOriginal)
            await waitOnMainActor("the run to end") { !loader.state.isLoading }
            return loader
        }

        /// Expects the loader to wait for a tap with nothing failed and nothing kept.
        func expectAwaitsTap(_ loader: CallbackAttachmentLoader, sourceLocation: SourceLocation = #_sourceLocation)
            async
        {
            guard case .placeholder = loader.state.phase else {
                Issue.record("phase \(loader.state.phase), expected the placeholder", sourceLocation: sourceLocation)
                return
            }
            #expect(loader.state.awaitsDownloadRequest, sourceLocation: sourceLocation)
            #expect(loader.state.lastFailure == nil, sourceLocation: sourceLocation)
            let stored = await harness.stored("sole/unknown")
            #expect(stored.content == nil && stored.partialBytes == nil, "nothing kept", sourceLocation: sourceLocation)
        }
    }

    /// The photo's bytes as a close-delimited body (no `Content-Length`).
    nonisolated static let wholeBody = RemoteFaultServer.Response(status: 200, ops: [.slice(0, photo.count)])

    /// The photo's bytes in `Transfer-Encoding: chunked` pieces of `size` bytes, up to `end`.
    nonisolated static func chunked(upTo end: Int, size: Int = 1024) -> [RemoteFaultServer.Op] {
        stride(from: 0, to: end, by: size).flatMap { start -> [RemoteFaultServer.Op] in
            let stop = min(start + size, end)
            return [.raw(String(stop - start, radix: 16) + "\r\n"), .slice(start, stop), .raw("\r\n")]
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "within the limit, without Content-Length or chunked, the photo is fetched unasked and shown",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func withinTheLimitIsShown(chunked: Bool) async throws {
        let body =
            chunked
            ? RemoteFaultServer.Response(
                status: 200, headers: [["Transfer-Encoding", "chunked"]],
                ops: [.head] + Self.chunked(upTo: Self.photo.count) + [.raw("0\r\n\r\n")])
            : Self.wholeBody
        let fixture = try await Fixture([body], limit: Int64(Self.photo.count))
        defer { fixture.server.stop() }
        let loader = await fixture.load()
        #expect(loader.state.isShowingOriginal, "phase \(loader.state.phase)")
        #expect(RemoteTestContent.contents(loader.state.content) == Self.photo)
        #expect(!loader.state.awaitsDownloadRequest)
        #expect(fixture.server.requests(to: "/photo").count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a Content-Length over the limit stops the download before the body: nothing kept, it waits for a tap",
        .timeLimit(.minutes(1)))
    func contentLengthOverTheLimit() async throws {
        // The server sends the head and then nothing until the client closes the connection.
        let head = RemoteFaultServer.Response(
            status: 200, headers: [["Content-Length", "\(Self.photo.count)"]], ops: [.head, .hold])
        let fixture = try await Fixture([head, Self.wholeBody])
        defer { fixture.server.stop() }
        let loader = await fixture.load()
        try await fixture.server.waitUntilBrokenOff("/photo")
        await fixture.expectAwaitsTap(loader)
        // The tap downloads it, without the limit.
        loader.load(parts: [fixture.photo], fetchingOriginal: true)
        #expect(!loader.state.awaitsDownloadRequest)
        await waitOnMainActor("the requested photo") { !loader.state.isLoading }
        #expect(loader.state.isShowingOriginal, "phase \(loader.state.phase)")
        #expect(fixture.server.requests(to: "/photo").count == 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a body growing past the limit, close-delimited or chunked, stops where it crosses it and is discarded",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func bodyPastTheLimit(chunked: Bool) async throws {
        // Past the limit, then nothing until the client closes: a download that read on would hang.
        let past = Int(Self.limit) + 2048
        let response =
            chunked
            ? RemoteFaultServer.Response(
                status: 200, headers: [["Transfer-Encoding", "chunked"]],
                ops: [.head] + Self.chunked(upTo: past) + [.hold])
            : RemoteFaultServer.Response(status: 200, ops: [.head, .gate("half"), .slice(0, past), .hold])
        let fixture = try await Fixture([response])
        defer { fixture.server.stop() }
        let loader = CallbackAttachmentLoader(resolver: fixture.resolver, downloadDelay: 0)
        loader.load(parts: [fixture.photo])
        if !chunked {
            // Only once the limit is crossed does the state say the photo waits for a tap.
            try await waitUntil("the request") { fixture.server.requests(to: "/photo").count == 1 }
            #expect(loader.state.isLoading)
            #expect(!loader.state.awaitsDownloadRequest)
            try fixture.server.release("half")
        }
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        try await fixture.server.waitUntilBrokenOff("/photo")
        await fixture.expectAwaitsTap(loader)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "once stopped at the limit, the part is not fetched unasked again: a second cell waits at once, a tap fetches",
        .timeLimit(.minutes(1)))
    func remembersThePartOverTheLimit() async throws {
        let over = RemoteFaultServer.Response(status: 200, ops: [.slice(0, Self.photo.count)])
        let fixture = try await Fixture([over, Self.wholeBody])
        defer { fixture.server.stop() }
        await fixture.expectAwaitsTap(await fixture.load())
        let second = await fixture.load()
        await fixture.expectAwaitsTap(second)
        #expect(fixture.server.requests(to: "/photo").count == 1, "no request for the second cell")
        let tapped = await fixture.load(fetchingOriginal: true)
        #expect(tapped.state.isShowingOriginal, "phase \(tapped.state.phase)")
        #expect(fixture.server.requests(to: "/photo").count == 2)
        // Once downloaded it is in the store: any cell shows it.
        #expect((await fixture.load()).state.isShowingOriginal)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a tap while the limited download runs lifts the limit: the same transfer goes on past it and shows the photo",
        .timeLimit(.minutes(1)))
    func tapLiftsTheLimit() async throws {
        let half = Int(Self.limit) / 2
        let response = RemoteFaultServer.Response(
            status: 200, ops: [.head, .slice(0, half), .gate("tapped"), .slice(half, Self.photo.count)])
        let fixture = try await Fixture([response])
        defer { fixture.server.stop() }
        let automatic = CallbackAttachmentLoader(resolver: fixture.resolver, downloadDelay: 0)
        automatic.load(parts: [fixture.photo])
        try await waitUntil("the limited download to run") {
            await fixture.harness.coordinator.callerCount(of: "sole/unknown") == 1
        }
        let tapped = CallbackAttachmentLoader(resolver: fixture.resolver, downloadDelay: 0)
        tapped.load(parts: [fixture.photo], fetchingOriginal: true)
        try await waitUntil("the tap to join it") {
            await fixture.harness.coordinator.callerCount(of: "sole/unknown") == 2
        }
        try fixture.server.release("tapped")
        await waitOnMainActor("both runs to end") { !automatic.state.isLoading && !tapped.state.isLoading }
        #expect(tapped.state.isShowingOriginal, "phase \(tapped.state.phase)")
        #expect(automatic.state.isShowingOriginal, "phase \(automatic.state.phase)")
        #expect(!automatic.state.awaitsDownloadRequest)
        #expect(fixture.server.requests(to: "/photo").count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a lying Content-Length under the limit beside chunked framing: the body is still stopped at the limit",
        .timeLimit(.minutes(1)))
    func lyingContentLength() async throws {
        // Chunked framing wins over Content-Length (RFC 9112 §6.3): the body runs on past both.
        let response = RemoteFaultServer.Response(
            status: 200, headers: [["Content-Length", "100"], ["Transfer-Encoding", "chunked"]],
            ops: [.head] + Self.chunked(upTo: Self.photo.count) + [.hold])
        let fixture = try await Fixture([response])
        defer { fixture.server.stop() }
        let loader = await fixture.load()
        try await fixture.server.waitUntilBrokenOff("/photo")
        await fixture.expectAwaitsTap(loader)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a default prefetcher warms the sole photo of unknown size within the limit", .timeLimit(.minutes(1)))
    func prefetcherWarmsIt() async throws {
        let fixture = try await Fixture([Self.wholeBody], limit: Int64(Self.photo.count))
        defer { fixture.server.stop() }
        let prefetcher = AttachmentPrefetcher(resolver: fixture.resolver)
        var drained = false
        prefetcher.onDrained = { drained = true }
        prefetcher.startPrefetching([[fixture.photo]])
        await waitOnMainActor("the prefetch to drain") { drained }
        #expect(await fixture.harness.stored("sole/unknown").content != nil)
    }
}
#endif
