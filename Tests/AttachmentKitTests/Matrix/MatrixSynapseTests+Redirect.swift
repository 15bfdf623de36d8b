#if os(macOS) || os(Linux)
@testable import AttachmentKitMatrix
import Foundation
import Testing

@testable import AttachmentKit

/// A homeserver whose media downloads redirect: nginx in front of Synapse sends a download to
/// another origin (a CDN, `localhost` instead of `127.0.0.1`), which fetches the file from Synapse
/// with its own credential, and a thumbnail to the same origin once more.
extension MatrixSynapseTests {
    /// nginx on 127.0.0.1 that passes everything to Synapse, except that a download asked of
    /// `127.0.0.1` is redirected to `localhost` (another origin), where it is served with
    /// `cdnToken`, and a thumbnail is redirected once to the same URL with `hop=1`.
    static func redirectingFront(to synapse: SynapseSuite, cdnToken: String) async throws -> RemoteNginxServer {
        let upstream = "http://127.0.0.1:\(synapse.server.port)"
        return try await RemoteNginxServer(
            extra: """
                client_max_body_size 16m;
                location /_matrix/client/v1/media/download/ {
                    if ($host = "127.0.0.1") { return 302 http://localhost:$server_port$request_uri; }
                    proxy_set_header Authorization "Bearer \(cdnToken)";
                    proxy_pass \(upstream);
                }
                location /_matrix/client/v1/media/thumbnail/ {
                    if ($arg_hop = "") { return 302 http://127.0.0.1:$server_port$uri?$args&hop=1; }
                    proxy_pass \(upstream);
                }
                location / { proxy_pass \(upstream); }
                """)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a download redirected to another origin goes without the token; a same-origin redirect keeps it",
        .enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed: run .ci/install-tools"),
        .timeLimit(.minutes(3)))
    func redirects() async throws {
        let synapse = try SynapseSuite.running()
        let folder = try StorageTemporaryDirectory("matrix-redirect")
        let attachment = try await MatrixFixture.photo.compose(in: folder)
        let sent = try await Self.client(synapse, token: synapse.alice).send(attachment)
        let received = try MatrixMediaContent(json: try await synapse.contentAsBob(of: synapse.post(sent.jsonData())))
        let front = try await Self.redirectingFront(to: synapse, cdnToken: synapse.alice)
        defer { front.stop() }
        let bob = MatrixMediaClient(
            homeserver: URL(string: "http://127.0.0.1:\(front.port)")!, accessToken: synapse.bob,
            downloader: Self.downloader)
        let parts = bob.parts(for: received)
        let original = try await DownloadCoordinator().content(for: try #require(parts.first))
        #expect(try original.bytes() == (try attachment.original.availableContent!.bytes()))
        let resolution = AttachmentResolver(policy: .matrix).resolve(parts)
        let chosen = try #require(
            AttachmentResolver.Policy.matrix.rendition(
                for: PixelSize(width: 150, height: 200), among: resolution.renditions))
        let thumbnail = try await DownloadCoordinator().content(for: chosen.part)
        #expect(try ImageInspector().inspect(thumbnail).displayedSize == PixelSize(width: 180, height: 240))

        let media = sent.source.contentURI.mediaID
        // nginx logs a request when it ends: wait for the four hops.
        try await waitUntil("nginx logged both hops of the download and of the thumbnail") {
            front.requests.filter { $0.uri.contains("/localhost/\(media)") }.count >= 4
        }
        let downloads = front.requests.filter { $0.uri.contains("/download/localhost/\(media)") }
        let asked = downloads.filter { $0.host == "127.0.0.1" }
        let redirected = downloads.filter { $0.host == "localhost" }
        #expect(asked.map(\.status) == [302] && asked.allSatisfy { $0.authorization == "Bearer \(synapse.bob)" })
        #expect(redirected.map(\.status) == [200], "the CDN served the file")
        #expect(redirected.allSatisfy { $0.authorization == "-" }, "no token to another origin: \(redirected)")
        let thumbnails = front.requests.filter { $0.uri.contains("/thumbnail/localhost/\(media)") }
        #expect(thumbnails.map(\.status) == [302, 200])
        #expect(
            thumbnails.allSatisfy { $0.host == "127.0.0.1" && $0.authorization == "Bearer \(synapse.bob)" },
            "the token stays on a same-origin redirect: \(thumbnails)")
    }
}
#endif
