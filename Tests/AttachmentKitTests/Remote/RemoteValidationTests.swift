#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// What a response must be before it is stored: 2xx, the announced length, bytes of the
/// declared type, the declared digest, within the size cap.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteValidationTests {
    let content = RemoteTestContent.bytes(100_000, seed: 3)

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a body cut short of Content-Length is truncated(received:expected:), kept as a partial, never stored")
    func truncatedBody() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"t\""], ["Content-Length", "100000"]],
                        ops: [.slice(0, 60_000), .close])
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let result = await harness.download(harness.part(server.url("/f")))
        #expect(RemoteTestHarness.remoteError(result) == .truncated(received: 60_000, expected: 100_000))
        let stored = await harness.stored()
        #expect(stored.content == nil)
        #expect(stored.partialBytes == 60_000)
        #expect(server.requests(to: "/f").count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a chunked body that ends without its last chunk fails and stores nothing")
    func chunkedWithoutTerminator() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["Transfer-Encoding", "chunked"]],
                        ops: [.raw("ea60\r\n"), .slice(0, 60_000), .raw("\r\n"), .close])
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let result = await harness.download(harness.part(server.url("/f")))
        guard case .connectionFailed = RemoteTestHarness.remoteError(result) else {
            Issue.record("expected connectionFailed, got \(result)")
            return
        }
        #expect(await harness.stored().content == nil)
        #expect(RetryPolicy.default.classify(RemoteTestHarness.remoteError(result)!) == .retryable(after: nil))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 403 HTML error page is httpStatus(403), final, and never stored")
    func forbiddenErrorPage() async throws {
        let page = "<html><body>Access denied</body></html>"
        let server = try await RemoteFaultServer(
            content: Data(page.utf8),
            paths: [
                "/f": [
                    .init(
                        status: 403,
                        headers: [["Content-Type", "text/html"], ["Content-Length", "\(page.utf8.count)"]],
                        ops: [.slice(0, page.utf8.count)])
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness(retryPolicy: RetryPolicy(maximumAttempts: 3, initialDelay: 0.01))
        let result = await harness.download(harness.part(server.url("/f"), mimeType: .imagePNG))
        guard case .httpStatus(let status)? = RemoteTestHarness.remoteError(result) else {
            Issue.record("expected httpStatus, got \(result)")
            return
        }
        #expect(status.statusCode == 403)
        #expect(server.requests(to: "/f").count == 1)
        #expect(await harness.stored().content == nil)
        #expect(harness.partialFiles.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a 200 error page for an image part is a content mismatch, leaves nothing, and the next call asks again",
        arguments: ["<!DOCTYPE html><html><body>Expired</body></html>", #"{"error":"M_NOT_FOUND"}"#])
    func errorPageWithStatus200(page: String) async throws {
        let bytes = Data(page.utf8)
        let server = try await RemoteFaultServer(
            content: bytes,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"e\""], ["Content-Length", "\(bytes.count)"]],
                        ops: [.slice(0, bytes.count)])
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        for _ in 0..<2 {
            let result = await harness.download(harness.part(server.url("/f"), mimeType: .imagePNG))
            guard case .contentMismatch? = RemoteTestHarness.remoteError(result) else {
                Issue.record("expected contentMismatch, got \(result)")
                return
            }
            #expect(await harness.stored().content == nil)
            #expect(await harness.stored().partialBytes == nil)
        }
        #expect(server.requests(to: "/f").count == 2)
        #expect(harness.partialFiles.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an image part whose bytes are an image is stored by rename, its bytes intact")
    func imageStored() async throws {
        let png = RemoteTestContent.png(50_000)
        let server = try await RemoteFaultServer(
            content: png,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"p\""], ["Content-Length", "\(png.count)"]],
                        ops: [.slice(0, png.count)])
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let content = try await harness.download(
            harness.part(
                server.url("/f"), mimeType: .imagePNG, byteCount: Int64(png.count),
                sha256: RemoteTestContent.sha256(png))
        ).get()
        #expect(RemoteTestContent.contents(content) == RemoteTestContent.contents(png))
        #expect(content.fileURL?.path.hasPrefix(harness.directory.url.standardizedFileURL.path) == true)
        #expect(harness.partialFiles.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a declared SHA-256 that does not match fails and leaves nothing on disk")
    func digestMismatch() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"d\""], ["Content-Length", "100000"]],
                        ops: [.slice(0, 100_000)])
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let wrong = String(repeating: "ab", count: 32)
        let result = await harness.download(harness.part(server.url("/f"), sha256: wrong))
        guard case .digestMismatch(let expected, let actual)? = RemoteTestHarness.remoteError(result) else {
            Issue.record("expected digestMismatch, got \(result)")
            return
        }
        #expect(expected == wrong)
        #expect(actual == RemoteTestContent.sha256(content))
        #expect(await harness.stored().content == nil)
        #expect(harness.partialFiles.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a Content-Length above the size cap is refused before the body is read")
    func announcedTooLarge() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: ["/f": [.init(status: 200, headers: [["Content-Length", "100000"]], ops: [.slice(0, 100_000)])]])
        defer { server.stop() }
        let harness = try RemoteTestHarness(configuration: RemoteTestHarness.configuration(maximumByteCount: 50_000))
        let result = await harness.download(harness.part(server.url("/f")))
        #expect(RemoteTestHarness.remoteError(result) == .tooLarge(byteCount: 100_000, limit: 50_000))
        #expect(await harness.stored().content == nil)
        #expect(harness.partialFiles.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a body without a length that grows past the cap is stopped at the cap")
    func unannouncedTooLarge() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: ["/f": [.init(status: 200, headers: [], ops: [.slice(0, 100_000)])]])
        defer { server.stop() }
        let harness = try RemoteTestHarness(configuration: RemoteTestHarness.configuration(maximumByteCount: 50_000))
        let result = await harness.download(harness.part(server.url("/f")))
        guard case .tooLarge(let count, let limit)? = RemoteTestHarness.remoteError(result) else {
            Issue.record("expected tooLarge, got \(result)")
            return
        }
        #expect(count > 50_000 && limit == 50_000)
        #expect(await harness.stored().content == nil)
        #expect(harness.partialFiles.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a Content-Length lower than the body delivers the announced bytes only, caught by the declared size")
    func lyingLowContentLength() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: ["/f": [.init(status: 200, headers: [["Content-Length", "40000"]], ops: [.slice(0, 100_000)])]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let result = await harness.download(harness.part(server.url("/f"), byteCount: 100_000))
        #expect(RemoteTestHarness.remoteError(result) == .lengthMismatch(received: 40_000, declared: 100_000))
        #expect(await harness.stored().content == nil)
        #expect(server.requests(to: "/f").count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a missing Content-Length with a complete body is stored with every byte")
    func missingContentLength() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/f": [.init(status: 200, headers: [], ops: [.slice(0, 100_000)])]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let stored = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a scheme not in the allow-list is refused without a request")
    func schemeNotAllowed() async throws {
        let harness = try RemoteTestHarness(configuration: RemotePart.Configuration())
        let url = URL(string: "http://127.0.0.1:9/x")!
        let result = await harness.download(harness.part(url))
        #expect(RemoteTestHarness.remoteError(result) == .schemeNotAllowed(url))
    }
}
#endif
