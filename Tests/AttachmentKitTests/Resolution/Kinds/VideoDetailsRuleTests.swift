import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// ``PlaceholderSize/VideoDetails``'s rule: the size from the size part, the duration from the size part or
/// else the header, the rotation from the header, whenever the header is read (a local video);
/// a remote video with a size part costs no header request.
@Suite("Video details: the size part and the header combined", SuiteTimeLimit.minutes(5), .inTurn)
struct VideoDetailsRuleTests {
    static func clip(_ name: String) async throws -> URL { try await ISOMediaCorpus.shared().url(name) }

    static func localVideo(_ name: String) async throws -> ScriptedPart {
        ScriptedPart("video", mimeType: .videoMP4, status: .complete, localContent: .file(try await clip(name)))
    }

    @Test("a local video and a size part without a duration: the size part's size, the header's duration and rotation")
    func sizePartWithoutDuration() async throws {
        let size = PartFactory.size(#"{"width":1920,"height":1080}"#)
        let resolution = AttachmentResolver().resolve([
            VideoMessageTests.poster, try await Self.localVideo("rotate-90.mp4"), size,
        ])
        let placeholder = try #require(resolution.placeholderSize)
        #expect(placeholder.displayedSize == PixelSize(width: 1920, height: 1080))
        #expect(placeholder.source == .sizeMetadata)
        let oracle = try await ISOMediaOracle(try await Self.clip("rotate-90.mp4"))
        let duration = try #require(placeholder.video?.duration)
        #expect(abs(duration - (oracle.formatDuration ?? -1)) < 0.0005)
        // exiftool's clockwise rotation, as ours (a quarter turn either way).
        #expect(placeholder.video?.rotation?.clockwiseDegrees == oracle.exiftoolRotation)
        #expect([90, 270].contains(oracle.exiftoolRotation ?? 0))
    }

    @Test("a local video and a size part with a duration: the size part's duration, the header's rotation")
    func sizePartWithDuration() async throws {
        let size = PartFactory.size(#"{"width":1920,"height":1080,"duration":7.25}"#)
        let resolution = AttachmentResolver().resolve(
            [VideoMessageTests.poster, try await Self.localVideo("rotate-270.mp4"), size])
        let placeholder = try #require(resolution.placeholderSize)
        #expect(placeholder.source == .sizeMetadata)
        #expect(placeholder.video?.duration == 7.25)
        let oracle = try await ISOMediaOracle(try await Self.clip("rotate-270.mp4"))
        #expect(placeholder.video?.rotation?.clockwiseDegrees == oracle.exiftoolRotation)
        #expect([90, 270].contains(oracle.exiftoolRotation ?? 0))
    }

    @Test("a local file without a video track: the poster's size, and still the header's duration")
    func audioOnly() async throws {
        let resolution = AttachmentResolver().resolve(
            [VideoMessageTests.poster, try await Self.localVideo("aac-audio-only.m4a")])
        let placeholder = try #require(resolution.placeholderSize)
        #expect(placeholder.source == .imageHeader("poster"))
        let oracle = try await ISOMediaOracle(try await Self.clip("aac-audio-only.m4a"))
        let duration = try #require(placeholder.video?.duration)
        #expect(abs(duration - (oracle.formatDuration ?? -1)) < 0.0005)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a size part fetched by the events, without a duration, beside a local header: the header's duration")
    func fetchedSizePart() async throws {
        let json = Data(#"{"width":640,"height":360}"#.utf8)
        let size = ScriptedPart(
            "size", mimeType: .imageSize, script: DownloadScript(automatic: .init(content: .data(json), steps: 1)))
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [
            VideoMessageTests.poster, try await Self.localVideo("aac-audio-only.m4a"), size,
        ])
        .collected()
        #expect(size.script.startedCount == 1)
        guard case .placeholder(let placeholder)? = events.first else {
            Issue.record("no placeholder first: \(events.map(\.testDescription))")
            return
        }
        #expect(placeholder.displayedSize == PixelSize(width: 640, height: 360))
        #expect(placeholder.source == .sizeMetadata)
        let oracle = try await ISOMediaOracle(try await Self.clip("aac-audio-only.m4a"))
        let duration = try #require(placeholder.video?.duration)
        #expect(abs(duration - (oracle.formatDuration ?? -1)) < 0.0005)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a remote video with a size part: no header request, so no rotation, and no duration when the size part has none",
        .enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"))
    func remoteVideoWithSizePart() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        try server.serve(try Data(contentsOf: try await Self.clip("rotate-90.mp4")), as: "clip.mp4")
        let video = RemotePart(
            id: "video", url: server.url("clip.mp4"), mimeType: .videoMP4,
            downloader: RemotePart.Downloader(configuration: RemotePart.Configuration(allowedSchemes: ["http"])))
        let size = PartFactory.size(#"{"width":1920,"height":1080}"#)
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [VideoMessageTests.poster, video, size]).collected()
        #expect(events.map(\.testDescription) == ["placeholder 1920x1080", "preview poster"])
        guard case .placeholder(let placeholder)? = events.first else { return }
        #expect(placeholder.video == PlaceholderSize.VideoDetails())
        #expect(server.requests.isEmpty)
    }
}
#endif
