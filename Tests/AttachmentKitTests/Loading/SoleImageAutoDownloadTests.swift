#if os(macOS) || os(Linux)
// Uses the fault server, whose ChildProcess exists on macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// A fault server with an original photo at `/photo.jpg` and, after it in the same content file,
/// a 1024 × 768 rendition at `/photo-1024.jpg`, both with their `Content-Length`.
private struct SoleImageServer {
    static let original = SyntheticImages.jpeg(width: 4032, height: 3024)
    static let rendition = SyntheticImages.jpeg(width: 1024, height: 768)
    let server: RemoteFaultServer
    let harness: RemoteTestHarness

    init() async throws {
        let (originalCount, renditionCount) = (Self.original.count, Self.rendition.count)
        server = try await RemoteFaultServer(
            content: Self.original + Self.rendition,
            paths: [
                "/photo.jpg": [
                    .init(
                        status: 200, headers: [["Content-Length", "\(originalCount)"]], ops: [.slice(0, originalCount)])
                ],
                "/photo-1024.jpg": [
                    .init(
                        status: 200, headers: [["Content-Length", "\(renditionCount)"]],
                        ops: [.slice(originalCount, originalCount + renditionCount)])
                ],
            ])
        harness = try RemoteTestHarness()
    }

    /// The message a one-URL backend sends: the original alone, declaring `byteCount`, and with
    /// `withRendition` a 1024 × 768 rendition and the original's pixel size.
    func photo(byteCount: Int64?, withRendition: Bool = false) throws -> RemotePart {
        var photo = RemotePart(
            id: "sole/photo", url: server.url("/photo.jpg"), mimeType: .imageJPEG, byteCount: byteCount,
            imageSize: withRendition ? try ImageSizeMetadata(pixelWidth: 4032, pixelHeight: 3024) : nil,
            downloader: harness.downloader)
        if withRendition {
            photo.renditions = [
                photo.rendition(url: server.url("/photo-1024.jpg"), pixelSize: PixelSize(width: 1024, height: 768))
            ]
        }
        return photo
    }

    /// The default resolver, over the harness's coordinator.
    var resolver: AttachmentResolver { AttachmentResolver(downloads: harness.coordinator) }

    func requests(_ path: String) -> Int { server.requests(to: path).count }
}

/// The sole-image rule of ``AttachmentResolver/AutoDownloadPolicy``, with the defaults, against a real server: a
/// message whose only image is a ``RemotePart`` shows it unasked when it declares a size within
/// the limit (or offers a rendition for the size), and otherwise says that it waits for a request.
@MainActor
@Suite(
    "Sole image: a message with one RemotePart shows its image with the defaults, or says it waits",
    SuiteTimeLimit.minutes(5), .inTurn)
struct SoleImageAutoDownloadTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an original that declares a size within the limit is fetched unasked and shown as the original")
    func originalWithinTheLimitIsShown() async throws {
        let fixture = try await SoleImageServer()
        defer { fixture.server.stop() }
        let photo = try fixture.photo(byteCount: Int64(SoleImageServer.original.count))
        let loader = CallbackAttachmentLoader(resolver: fixture.resolver, downloadDelay: 0)
        loader.load(parts: [photo])
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        #expect(loader.state.isShowingOriginal, "phase \(loader.state.phase)")
        #expect(RemoteTestContent.contents(loader.state.content) == SoleImageServer.original)
        #expect(!loader.state.awaitsDownloadRequest)
        #expect(fixture.requests("/photo.jpg") == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the resolver's events with the defaults end with the sole original's full resolution")
    func resolverEventsFetchTheSoleOriginal() async throws {
        let fixture = try await SoleImageServer()
        defer { fixture.server.stop() }
        let photo = try fixture.photo(byteCount: Int64(SoleImageServer.original.count))
        var shown: PartID?
        for await event in fixture.resolver.events(for: [photo]) {
            if case .original(_, let partID) = event { shown = partID }
        }
        #expect(shown == photo.id)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with a displayed size, the smallest rendition that covers it is fetched unasked, even when the original's size is unknown"
    )
    func renditionForTheSizeIsShown() async throws {
        let fixture = try await SoleImageServer()
        defer { fixture.server.stop() }
        let photo = try fixture.photo(byteCount: nil, withRendition: true)
        let loader = CallbackAttachmentLoader(resolver: fixture.resolver, downloadDelay: 0)
        loader.load(parts: [photo], displayedPixelSize: PixelSize(width: 360, height: 270))
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        #expect(loader.state.isShowingOriginal, "phase \(loader.state.phase)")
        #expect(loader.state.shownPartID == photo.renditions.first?.part.id)
        #expect(RemoteTestContent.contents(loader.state.content) == SoleImageServer.rendition)
        #expect(fixture.requests("/photo-1024.jpg") == 1)
        #expect(fixture.requests("/photo.jpg") == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an original that declares a size over the limit is not fetched: the state says it waits for a request")
    func originalOverTheLimitAwaitsRequest() async throws {
        let byteCount = AttachmentResolver.AutoDownloadPolicy.defaultMaximumSoleImageByteCount + 1
        let fixture = try await SoleImageServer()
        defer { fixture.server.stop() }
        let photo = try fixture.photo(byteCount: byteCount)
        let loader = CallbackAttachmentLoader(resolver: fixture.resolver, downloadDelay: 0)
        loader.load(parts: [photo])
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        guard case .placeholder = loader.state.phase else {
            Issue.record("phase \(loader.state.phase), expected the placeholder")
            return
        }
        #expect(loader.state.awaitsDownloadRequest, "the cell can offer a tap to download")
        #expect(loader.state.lastFailure == nil)
        #expect(fixture.requests("/photo.jpg") == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an original of unknown size within the limit is fetched unasked and shown (SoleImageByteLimitTests: over it)",
        .timeLimit(.minutes(1)))
    func originalOfUnknownSizeIsShown() async throws {
        let fixture = try await SoleImageServer()
        defer { fixture.server.stop() }
        let loader = CallbackAttachmentLoader(resolver: fixture.resolver, downloadDelay: 0)
        loader.load(parts: [try fixture.photo(byteCount: nil)])
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        #expect(loader.state.isShowingOriginal, "phase \(loader.state.phase)")
        #expect(!loader.state.awaitsDownloadRequest)
        #expect(fixture.requests("/photo.jpg") == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a default prefetcher warms the sole original within the limit")
    func prefetcherWarmsTheSoleOriginal() async throws {
        let fixture = try await SoleImageServer()
        defer { fixture.server.stop() }
        let photo = try fixture.photo(byteCount: Int64(SoleImageServer.original.count))
        let prefetcher = AttachmentPrefetcher(resolver: fixture.resolver)
        var drained = false
        prefetcher.onDrained = { drained = true }
        prefetcher.startPrefetching([[photo]])
        await waitOnMainActor("the prefetch to drain") { drained }
        #expect(await fixture.harness.store.content(for: ContentKey(partID: photo.id)) != nil)
        #expect(fixture.requests("/photo.jpg") == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "Atlas's three parts are unchanged: preview and size fetched, a small original left to a request")
    func atlasMessageKeepsTheOriginalForARequest() async throws {
        let preview = SyntheticImages.jpeg(width: 512, height: 384)
        let size = Data(#"{"width":4032,"height":3024,"orientation":0}"#.utf8)
        let original = SoleImageServer.original
        let server = try await RemoteFaultServer(
            content: preview + size + original,
            paths: [
                "/preview": [.init(status: 200, ops: [.slice(0, preview.count)])],
                "/size": [.init(status: 200, ops: [.slice(preview.count, preview.count + size.count)])],
                "/original": [
                    .init(
                        status: 200,
                        ops: [.slice(preview.count + size.count, preview.count + size.count + original.count)])
                ],
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let parts: [any MessagePart] = [
            RemotePart(
                id: "atlas/original", url: server.url("/original"), mimeType: .imageJPEG,
                byteCount: Int64(original.count), downloader: harness.downloader),
            RemotePart(
                id: "atlas/preview", url: server.url("/preview"), mimeType: .imageJPEGPreview,
                downloader: harness.downloader),
            RemotePart(
                id: "atlas/size", url: server.url("/size"), mimeType: .imageSize, downloader: harness.downloader),
        ]
        let loader = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: harness.coordinator), downloadDelay: 0)
        loader.load(parts: parts)
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        guard case .preview = loader.state.phase else {
            Issue.record("phase \(loader.state.phase), expected the preview")
            return
        }
        #expect(loader.state.placeholderSize?.displayedSize.width == 4032)
        #expect(loader.state.awaitsDownloadRequest, "the original waits for a tap")
        #expect(server.requests(to: "/original").isEmpty)
    }
}
#endif
