import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite(
    "Remote renditions end to end: the prefetcher and a loader given one size ask the server once",
    SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteRenditionLoadingTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a RemotePart's rendition is requested once by the prefetch, stored under its own key, and read by the loader")
    func prefetchThenLoadAsksOnce() async throws {
        let originalURL = try #require(URL(string: "http://photos.test/5310.jpg"))
        let largeURL = try #require(URL(string: "http://photos.test/5310_b.jpg"))
        let transport = InMemoryHTTPTransport(files: [
            originalURL: SyntheticImages.jpeg(width: 4032, height: 3024),
            largeURL: SyntheticImages.jpeg(width: 1024, height: 768),
        ])
        let harness = try RemoteTestHarness(transport: transport)
        var photo = harness.part(originalURL, id: "flickr/5310", mimeType: .imageJPEG)
        let large = photo.rendition(url: largeURL, pixelSize: PixelSize(width: 1024, height: 768))
        photo.renditions = [large]
        let message: [any MessagePart] = [photo, PartFactory.size(#"{"width":4032,"height":3024,"orientation":0}"#)]
        let resolver = AttachmentResolver(downloads: harness.coordinator)
        let cellPixels = PixelSize(width: 120 * 3, height: 90 * 3)

        let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingOriginal: true)
        var drained = false
        prefetcher.onDrained = { drained = true }
        prefetcher.startPrefetching([message], displayedPixelSize: cellPixels)
        await waitOnMainActor("the prefetch to drain") { drained }
        #expect(transport.requestCount(for: largeURL) == 1)
        #expect(transport.requestCount(for: originalURL) == 0)
        #expect(await harness.store.content(for: large.contentKey) != nil)
        #expect(large.contentKey.partID == "flickr/5310@1024x768")

        let loader = CallbackAttachmentLoader(resolver: resolver, downloadDelay: 0)
        loader.load(parts: message, displayedPixelSize: cellPixels, fetchingOriginal: true)
        await waitOnMainActor("the stored rendition") { loader.state.isShowingOriginal }
        #expect(transport.totalRequestCount == 1)
    }
}
