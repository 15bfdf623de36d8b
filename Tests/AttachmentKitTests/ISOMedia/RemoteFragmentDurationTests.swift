import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// A remote fragmented MP4's duration, read with the ranged requests the header reader has left
/// (at most three in all), from a real nginx: the whole file when the first bytes hold it, the
/// last bytes (the `mfra` index and, often, the last fragments), and the last fragments.
@Suite(.enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"), .inTurn)
struct RemoteFragmentDurationTests {
    private static func reader() -> RemotePart.MediaHeaderReader {
        RemotePart.MediaHeaderReader(
            transport: URLSessionTransport(), configuration: RemotePart.Configuration(allowedSchemes: ["http"]))
    }

    /// The remote header of `url`'s file and the requests it took, after checking that it is the
    /// local header with the bytes fetched it reports.
    private static func inspect(
        _ url: URL, on server: RemoteNginxServer
    ) async throws -> (header: ISOMediaHeader, requests: [RemoteNginxServer.Request]) {
        try server.serve(try Data(contentsOf: url), as: url.lastPathComponent)
        let before = server.requests.count
        let header = try await reader().inspect(server.url(url.lastPathComponent))
        let requests = Array(server.requests.dropFirst(before))
        #expect(requests.count <= RemotePart.MediaHeaderReader.maximumRequestCount)
        #expect(requests.allSatisfy { $0.status == 206 && $0.hasRange })
        #expect(Int64(header.inspectedByteCount) == requests.reduce(0) { $0 + $1.bodyBytes })
        return (header, requests)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a file the first bytes hold, or whose last bytes hold its index and last fragments: the local header",
        .timeLimit(.minutes(1)), arguments: [("empty-moov.mp4", 1), ("keyframe-fragments.mp4", 1), ("long.mp4", 2)])
    func sameAsLocal(_ name: String, requestCount: Int) async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let corpus = name.hasPrefix("long") ? try FragmentedMovieCorpus.long() : try FragmentedMovieCorpus.shared()
        let url = corpus.url(name)
        let (header, requests) = try await Self.inspect(url, on: server)
        #expect(header.reading(0) == (try ISOMediaInspector().inspect(fileAt: url)).reading(0))
        #expect(header.duration != nil)
        #expect(requests.count == requestCount)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "1.2 MB whose last fragments lie before its last bytes: a third request for them, not the media",
        .timeLimit(.minutes(1)))
    func lastFragmentsFetched() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let url = try FragmentedMovieCorpus.shared().url("padded.mp4")
        let (header, requests) = try await Self.inspect(url, on: server)
        #expect(header.reading(0) == (try ISOMediaInspector().inspect(fileAt: url)).reading(0))
        let duration = try #require(header.duration)
        #expect(abs(duration.seconds - (try FragmentOracle(url).formatDuration)) < 0.0005)
        #expect(requests.count == 3)
        #expect(header.inspectedByteCount <= RemotePart.MediaHeaderReader.defaultMaximumByteCount)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "without the index, fragments past the last bytes are not walked: the duration is unknown, the rest is read",
        .timeLimit(.minutes(1)))
    func withoutIndexUnknown() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let url = try FragmentedMovieCorpus.shared().url("padded-no-index.mp4")
        let (header, requests) = try await Self.inspect(url, on: server)
        let local = try ISOMediaInspector().inspect(fileAt: url)
        #expect(local.duration != nil)
        #expect(header.duration == nil)
        #expect(header.tracks.allSatisfy { $0.duration == nil })
        #expect(header.displayedSize?.width == local.displayedSize?.width)
        #expect(requests.count == 2)
    }
}
#endif
