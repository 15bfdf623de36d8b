#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// Redirects are followed by AttachmentKit with its own limit; `Authorization` never crosses
/// to another origin.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteRedirectTests {
    let content = RemoteTestContent.bytes(20_000, seed: 5)

    var ok: RemoteFaultServer.Response {
        .init(status: 200, headers: [["Content-Length", "20000"]], ops: [.slice(0, 20_000)])
    }

    static func redirect(_ status: Int, to location: String, lowercase: Bool = false) -> RemoteFaultServer.Response {
        .init(status: status, headers: [[lowercase ? "location" : "Location", location], ["Content-Length", "0"]])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a chain of 301, 302, 303, 307 and 308 with relative and lowercase Locations reaches the file")
    func chainOfRedirects() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/a": [Self.redirect(301, to: "/b")], "/b": [Self.redirect(302, to: "c", lowercase: true)],
                "/c": [Self.redirect(303, to: "/d")], "/d": [Self.redirect(307, to: "/e")],
                "/e": [Self.redirect(308, to: "/file")], "/file": [ok],
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let stored = try await harness.download(harness.part(server.url("/a"))).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        #expect(server.requests.count == 6)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a redirect loop stops after the limit with tooManyRedirects", arguments: [0, 3, 20])
    func redirectLoop(limit: Int) async throws {
        let server = try await RemoteFaultServer(content: content, paths: ["/loop": [Self.redirect(302, to: "/loop")]])
        defer { server.stop() }
        let harness = try RemoteTestHarness(configuration: RemoteTestHarness.configuration(maximumRedirects: limit))
        let result = await harness.download(harness.part(server.url("/loop")))
        #expect(RemoteTestHarness.remoteError(result) == .tooManyRedirects(limit: limit))
        // The first request and `limit` redirects followed: 21 requests for a limit of 20.
        #expect(server.requests.count == limit + 1)
        #expect(await harness.stored().content == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "Authorization from the header hook is kept on the same origin and dropped on a cross-origin hop")
    func authorizationDroppedAcrossOrigins() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/a": [Self.redirect(302, to: "/b")],
                "/b": [Self.redirect(307, to: "http://localhost:{PORT}/file")],
                "/file": [ok],
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let hooks = RemotePart.Hooks(headers: { _ in ["Authorization": "Bearer secret", "X-Trace": "t1"] })
        let stored = try await harness.download(harness.part(server.url("/a"), hooks: hooks)).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        let requests = server.requests
        #expect(requests.map(\.path) == ["/a", "/b", "/file"])
        #expect(requests[0].headers["authorization"] == "Bearer secret")
        #expect(requests[1].headers["authorization"] == "Bearer secret")
        #expect(requests[2].headers["authorization"] == nil)
        #expect(requests[2].headers["x-trace"] == "t1")
        #expect(requests[2].headers["host"]?.hasPrefix("localhost") == true)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a redirect to file:// is refused even when file URLs are allowed")
    func redirectToForbiddenScheme() async throws {
        let server = try await RemoteFaultServer(
            content: content, paths: ["/a": [Self.redirect(302, to: "file:///etc/passwd")]])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let result = await harness.download(harness.part(server.url("/a")))
        #expect(RemoteTestHarness.remoteError(result) == .schemeNotAllowed(URL(string: "file:///etc/passwd")!))
    }
}
#endif
