#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// Against a real nginx on 127.0.0.1 (`nginx-light`), started and stopped by each test.
@Suite(.enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"), SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteNginxTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a file is downloaded in one request with Accept-Encoding: identity, even with gzip on")
    func plainDownload() async throws {
        let server = try await RemoteNginxServer(extra: "gzip on; gzip_types *; gzip_min_length 1;")
        defer { server.stop() }
        // Compressible text, so that nginx would gzip it if asked to.
        let bytes = Data(String(repeating: "AttachmentKit streams to disk. ", count: 40_000).utf8)
        try server.serve(bytes, as: "text.bin")
        let harness = try RemoteTestHarness()
        let stored = try await harness.download(harness.part(server.url("text.bin"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(bytes))
        let requests = server.requests
        #expect(requests.count == 1)
        #expect(requests.first?.acceptEncoding == "identity")
        #expect(requests.first?.bodyBytes == Int64(bytes.count))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a download cancelled half-way resumes with a 206 that sends only the rest")
    func resumeAfterCancel() async throws {
        let server = try await RemoteNginxServer(extra: RemoteNginxServer.stallingAfter(300_000))
        defer { server.stop() }
        let bytes = RemoteTestContent.bytes(1_000_000, seed: 21)
        try server.serve(bytes, as: "big.bin")
        let harness = try RemoteTestHarness()
        let download = await harness.coordinator.download(harness.part(server.url("big.bin")))
        try await harness.waitForPartial(atLeast: 200_000)
        download.cancel()
        await harness.coordinator.waitUntilIdleUnlessCancelled()
        let kept = try #require(await harness.stored().partialBytes)
        #expect(kept > 0 && kept < 1_000_000)
        // The resume (a request with Range) runs at full speed.
        let stored = try await harness.download(harness.part(server.url("big.bin"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(bytes))
        // The cancelled request may be logged after the resume: wait for both, then tell them
        // apart by their Range header rather than by their order.
        try await server.waitForRequests(2)
        let requests = server.requests
        #expect(requests.count == 2)
        let resumes = requests.filter { $0.hasRange }
        #expect(resumes.count == 1)
        let second = try #require(resumes.first)
        #expect(second.status == 206)
        #expect(second.range == "bytes=\(kept)-")
        #expect(second.bodyBytes == 1_000_000 - kept)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a file replaced by another of the same size between attempts is downloaded again whole")
    func replacedFileSameSize() async throws {
        let server = try await RemoteNginxServer(extra: RemoteNginxServer.stallingAfter(150_000))
        defer { server.stop() }
        let first = RemoteTestContent.bytes(800_000, seed: 1)
        let second = RemoteTestContent.bytes(800_000, seed: 2)
        try server.serve(first, as: "photo.bin")
        let harness = try RemoteTestHarness()
        let download = await harness.coordinator.download(harness.part(server.url("photo.bin")))
        try await harness.waitForPartial(atLeast: 100_000)
        download.cancel()
        await harness.coordinator.waitUntilIdleUnlessCancelled()
        #expect(await harness.stored().partialBytes != nil)
        // nginx has finished with the first file (the cancelled request is logged) before it
        // is replaced, and the replacement's ETag differs whatever the clock's granularity.
        try await server.waitForRequests(1)
        try server.replace("photo.bin", with: second)
        let stored = try await harness.download(harness.part(server.url("photo.bin"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(second))
        try await server.waitForRequests(2)
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.first?.hasRange == false)
        let last = try #require(requests.last)
        #expect(last.range.hasPrefix("bytes="))
        #expect(last.status == 200)
        #expect(last.bodyBytes == 800_000)
    }
}
#endif
