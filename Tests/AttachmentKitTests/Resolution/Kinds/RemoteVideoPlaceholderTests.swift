import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// A remote video without a size part: the events read its header with ranged requests from a
/// real nginx (never the whole file), and fall back to the poster when the server has no ranges.
@Suite(.enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"), SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteVideoPlaceholderTests {
    static let downloader = RemotePart.Downloader(configuration: RemotePart.Configuration(allowedSchemes: ["http"]))

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the placeholder, rotation and duration come from ranged reads of the header; the video is not downloaded",
        arguments: ["rotate-90.mp4", "h264-aac-moov-at-end.mp4"])
    func headerFromRanges(_ name: String) async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let url = try await ISOMediaCorpus.shared().url(name)
        let bytes = try Data(contentsOf: url)
        try server.serve(bytes, as: name)
        let local = try ISOMediaInspector().inspect(fileAt: url)
        let video = RemotePart(
            id: "video", url: server.url(name), mimeType: .videoMP4, byteCount: Int64(bytes.count),
            downloader: Self.downloader)
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [VideoMessageTests.poster, video]).collected()

        #expect(events.map(\.testDescription).first?.hasPrefix("placeholder") == true)
        guard case .placeholder(let placeholder)? = events.first else { return }
        #expect(placeholder.displayedSize == (try #require(local.displayedSize)))
        #expect(placeholder.source == .videoHeader("video"))
        #expect(
            placeholder.video
                == PlaceholderSize.VideoDetails(duration: local.duration?.seconds, rotation: local.rotation))
        #expect(events.map(\.testDescription).dropFirst() == ["preview poster"])
        let requests = server.requests
        let allRanged = requests.allSatisfy { $0.hasRange }
        #expect(!requests.isEmpty && requests.count <= RemotePart.MediaHeaderReader.maximumRequestCount)
        #expect(allRanged)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a server without ranges: the header's typed error is reported, the poster gives the size")
    func noRanges() async throws {
        let server = try await RemoteNginxServer(extra: "max_ranges 0;")
        defer { server.stop() }
        let bytes = try Data(contentsOf: try await ISOMediaCorpus.shared().url("rotate-90.mp4"))
        try server.serve(bytes, as: "video.mp4")
        let video = RemotePart(
            id: "video", url: server.url("video.mp4"), mimeType: .videoMP4, downloader: Self.downloader)
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [VideoMessageTests.poster, video]).collected()
        #expect(events.map(\.testDescription) == ["failed size video", "placeholder 320x180", "preview poster"])
        guard case .failed(let failure)? = events.first else { return }
        #expect(failure.reason as? RemotePart.MediaHeaderReader.Error == .rangesNotSupported(statusCode: 200))
    }
}
#endif
