#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// The state file kept beside a partial download (its "sidecar"): it records the final URL,
/// the validator, the whole length and the bytes written, and a damaged one is a neutral
/// result: the next attempt starts from zero, never splices and never crashes.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteSidecarTests {
    typealias Resume = RemoteResumeTests
    let content = RemoteTestContent.bytes(Resume.size, seed: 7)

    /// The state file of the harness's partial download.
    private func stateFile(_ harness: RemoteTestHarness) throws -> URL {
        let name = try #require(harness.partialFiles.first { $0.hasSuffix(".state") })
        return harness.directory.url.appendingPathComponent("partial").appendingPathComponent(name)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the state file records the final URL, the validator, the whole length and the bytes written")
    func recordsTheSource() async throws {
        let server = try await RemoteFaultServer(content: content, paths: ["/f": [Resume.cut]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        try await Resume().downloadCut(harness, server)
        let record = try #require(PartialDownloadRecord(decoding: Array(Data(contentsOf: stateFile(harness)))))
        #expect(record.validator == .entityTag(Resume.tag))
        #expect(record.byteCount == Int64(Resume.kept))
        #expect(record.source.totalByteCount == Int64(Resume.size))
        #expect(record.source.url == server.url("/f"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a damaged state file makes the next attempt start from zero, with the right bytes",
        arguments: ["empty", "cut in half", "one bit flipped", "garbage", "a huge length"])
    func damagedStateFile(damage: String) async throws {
        let server = try await RemoteFaultServer(content: content, paths: ["/f": [Resume.cut, Resume.full]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        try await Resume().downloadCut(harness, server)
        let state = try stateFile(harness)
        var bytes = try Data(contentsOf: state)
        switch damage {
        case "empty": bytes = Data()
        case "cut in half": bytes = bytes.prefix(bytes.count / 2)
        case "one bit flipped": bytes[20] ^= 0x04
        case "garbage": bytes = RemoteTestContent.bytes(bytes.count, seed: 3)
        default: bytes.replaceSubrange(8..<16, with: [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        }
        try bytes.write(to: state)
        let second = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(second) == RemoteTestContent.contents(content), "\(damage)")
        let requests = server.requests(to: "/f")
        #expect(requests.count == 2)
        #expect(requests.last?.headers["range"] == nil, "\(damage): no resume from a damaged record")
        #expect(harness.partialFiles.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "after a relaunch, a 206 whose total differs from the recorded length restarts from zero")
    func recordedTotalAfterRelaunch() async throws {
        let other = Resume.partial(from: Resume.kept, total: Resume.size + 10)
        let server = try await RemoteFaultServer(content: content, paths: ["/f": [Resume.cut, other, Resume.full]])
        defer { server.stop() }
        let first = try RemoteTestHarness()
        try await Resume().downloadCut(first, server)
        // A new store and coordinator over the same directory: nothing is known in memory.
        await first.store.close()
        let relaunched = try RemoteTestHarness(store: first.directory.url)
        let second = try await relaunched.download(relaunched.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(second) == RemoteTestContent.contents(content))
        let requests = server.requests(to: "/f")
        #expect(requests.count == 3)
        #expect(requests.last?.headers["range"] == nil)
    }
}
#endif
