import Foundation
import Testing

@testable import AttachmentKit

/// The checks ``RemotePart``'s downloader makes itself, driven through an ``HTTPTransport`` that
/// reports nothing wrong: a body shorter than its `Content-Length`, and bytes that are not the
/// image the part declares, with or without a declared byte count.
@Suite(
    "Remote downloader: its own length and content checks, through a transport that reports no error",
    SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteDownloaderOwnChecksTests {
    private let url = URL(string: "https://cdn.test/photo.jpg")!

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a body that ends, without an error, before its Content-Length is refused as truncated and not stored")
    func shortBodyIsTruncated() async throws {
        let content = RemoteTestContent.bytes(1000)
        let harness = try RemoteTestHarness(
            transport: ShortBodyHTTPTransport(body: content.prefix(600), declaredLength: content.count))
        let result = await harness.download(harness.part(url))
        guard case .truncated(received: 600, expected: 1000)? = RemoteTestHarness.remoteError(result) else {
            Issue.record("expected truncated after 600 of 1000 bytes, got \(result)")
            return
        }
        #expect(await harness.stored().content == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an HTML page served for an image part is refused by the content sniff, whether or not the part declares its byte count",
        arguments: [false, true])
    func htmlForAnImageIsRefused(declaresByteCount: Bool) async throws {
        let page = Data("<!doctype html><html><body>Sign in to see this photo</body></html>".utf8)
        let transport = InMemoryHTTPTransport(files: [url: page])
        let harness = try RemoteTestHarness(transport: transport)
        let part = harness.part(
            url, mimeType: .imageJPEG, byteCount: declaresByteCount ? Int64(page.count) : nil)
        let result = await harness.download(part)
        guard case .contentMismatch? = RemoteTestHarness.remoteError(result) else {
            Issue.record("expected a content mismatch, got \(result)")
            return
        }
        #expect(transport.requestCount(for: url) == 1)
        #expect(await harness.stored().content == nil)
    }
}
