#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// A 401 that carries an HTTP authentication challenge is a response like any other: it fails
/// with its status, or is re-signed, and never waits for a credential. On Linux, answering
/// the challenge from URLSession's delegate callback made FoundationNetworking cancel the task
/// on its own work queue, which every session in the process shares: every download hung.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteAuthChallengeTests {
    let content = RemoteTestContent.bytes(20_000, seed: 29)
    static let challenge = RemoteFaultServer.Response(
        status: 401, headers: [["WWW-Authenticate", "Basic realm=\"attachments\""], ["Content-Length", "5"]],
        ops: [.raw("nope!")])

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a 401 with a Basic challenge fails as httpStatus(401), and the next download still runs")
    func basicChallengeFails() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/private": [Self.challenge],
                "/public": [.init(status: 200, headers: [["Content-Length", "20000"]], ops: [.slice(0, 20_000)])],
            ])
        defer { server.stop() }
        // An idle timeout well below the time limit: a hung transfer shows as timedOut(.idle).
        let harness = try RemoteTestHarness(configuration: RemoteTestHarness.configuration(idleTimeout: 120))
        let result = await harness.download(harness.part(server.url("/private")))
        guard case .httpStatus(let error)? = RemoteTestHarness.remoteError(result) else {
            Issue.record("expected httpStatus(401), got \(result)")
            return
        }
        #expect(error.statusCode == 401)
        let stored = try await harness.download(harness.part(server.url("/public"), id: "public")).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 401 with a Basic challenge calls the re-sign hook and the fresh URL is fetched")
    func basicChallengeResigned() async throws {
        let server = try await RemoteFaultServer(
            content: content,
            paths: [
                "/expired": [Self.challenge],
                "/fresh": [.init(status: 200, headers: [["Content-Length", "20000"]], ops: [.slice(0, 20_000)])],
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness(configuration: RemoteTestHarness.configuration(idleTimeout: 120))
        let fresh = server.url("/fresh")
        let hooks = RemotePart.Hooks(resign: { _, status in status == 401 ? fresh : nil })
        let stored = try await harness.download(harness.part(server.url("/expired"), hooks: hooks)).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(content))
        #expect(server.requests.map(\.path) == ["/expired", "/fresh"])
    }
}
#endif
