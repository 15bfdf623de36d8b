#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// Only strong validators are used to resume: never a weak ETag, and a Last-Modified date only
/// when it is at least a second older than the response's Date.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteValidatorTests {
    static let size = 50_000
    let content = RemoteTestContent.bytes(Self.size, seed: 17)

    static func cut(_ headers: [[String]]) -> RemoteFaultServer.Response {
        .init(status: 200, headers: headers + [["Content-Length", "\(size)"]], ops: [.slice(0, 20_000), .close])
    }

    static var full: RemoteFaultServer.Response {
        .init(status: 200, headers: [["Content-Length", "\(size)"]], ops: [.slice(0, size)])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a response without a strong validator is not resumed: the next request has no Range or If-Range",
        arguments: [
            [["ETag", "W/\"weak\""]],
            [["Last-Modified", "Tue, 01 Dec 2026 10:00:00 GMT"], ["Date", "Tue, 01 Dec 2026 10:00:00 GMT"]],
            [["Content-Encoding", "gzip"], ["ETag", "\"gz\""]],
            [],
        ])
    func notResumable(headers: [[String]]) async throws {
        let server = try await RemoteFaultServer(content: content, paths: ["/f": [Self.cut(headers), Self.full]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        _ = await harness.download(harness.part(server.url("/f")))
        #expect(await harness.stored().partialBytes == nil)
        let stored = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        let last = try #require(server.requests(to: "/f").last)
        #expect(last.headers["range"] == nil)
        #expect(last.headers["if-range"] == nil)
        #expect(server.requests(to: "/f").count == 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a Last-Modified a second or more older than Date is a strong validator and is sent as If-Range")
    func strongLastModified() async throws {
        let modified = "Tue, 01 Dec 2026 09:00:00 GMT"
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/f": [
                    Self.cut([["Last-Modified", modified], ["Date", "Tue, 01 Dec 2026 10:00:00 GMT"]]),
                    .init(
                        status: 206,
                        headers: [
                            ["Last-Modified", modified], ["Content-Range", "bytes 20000-49999/50000"],
                            ["Content-Length", "30000"],
                        ],
                        ops: [.slice(20_000, Self.size)]),
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        _ = await harness.download(harness.part(server.url("/f")))
        #expect(await harness.stored().partialBytes == 20_000)
        let stored = try await harness.download(harness.part(server.url("/f"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        #expect(server.requests(to: "/f").last?.headers["if-range"] == modified)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("RemotePart.Validator(strongValidatorOf:) reads ETag in any case and refuses weak tags")
    func validatorParsing() {
        let url = URL(string: "https://example.com")!
        let lowercase = HTTPResponse.Head(statusCode: 200, headers: ["etag": "\"a\""], url: url)
        #expect(RemotePart.Validator(strongValidatorOf: lowercase) == .entityTag("\"a\""))
        let weak = HTTPResponse.Head(statusCode: 200, headers: ["Etag": "W/\"a\""], url: url)
        #expect(RemotePart.Validator(strongValidatorOf: weak) == nil)
        #expect(ContentRange("bytes 10-19/20") == ContentRange("bytes 10-19/20"))
        #expect(ContentRange("bytes 10-19/20")?.range == 10...19)
        #expect(ContentRange("bytes */20")?.total == 20)
        #expect(ContentRange("bytes 10-30/20") == nil)
        #expect(ContentRange("bytes */*") == nil)
        #expect(ContentRange("items 1-2/3") == nil)
    }
}
#endif
