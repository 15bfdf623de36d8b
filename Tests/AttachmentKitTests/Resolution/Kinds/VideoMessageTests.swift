import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// Video messages through the public API: the poster as the preview, the size from the size part
/// or from the video's own header (local, rotation applied), the video fetched only when asked or
/// when ``AttachmentResolver/AutoDownloadPolicy`` allows it by type and size.
@Suite("Video messages", SuiteTimeLimit.minutes(5), .inTurn)
struct VideoMessageTests {
    /// A 320 x 180 poster, as Atlas sends it.
    static let poster = ScriptedPart(
        "poster", mimeType: .imageJPEGPreview, status: .complete,
        localContent: .data(SyntheticImages.jpeg(width: 320, height: 180)))

    static func clip(_ name: String) async throws -> URL { try await ISOMediaCorpus.shared().url(name) }

    @Test("poster and size part: the poster is the preview, the size part gives size and duration")
    func posterAndSizePart() throws {
        let video = ScriptedPart("video", mimeType: .videoMP4, byteCount: 40_000_000)
        let size = PartFactory.size(#"{"width":1920,"height":1080,"duration":12.5}"#)
        let resolution = AttachmentResolver().resolve([Self.poster, video, size])
        #expect(resolution.kind == .video)
        #expect(!resolution.isImageMessage)
        #expect(resolution.preview?.id == "poster")
        #expect(resolution.original?.id == "video")
        let placeholder = try #require(resolution.placeholderSize)
        #expect(placeholder.displayedSize == PixelSize(width: 1920, height: 1080))
        #expect(placeholder.source == .sizeMetadata)
        #expect(placeholder.video == PlaceholderSize.VideoDetails(duration: 12.5, rotation: nil))
        #expect(resolution.renditions.isEmpty)
    }

    @Test("a message with the video alone has no preview: the video is never shown as a picture")
    func noPoster() {
        let resolution = AttachmentResolver().resolve([ScriptedPart("video", mimeType: .videoQuickTime)])
        #expect(resolution.kind == .video)
        #expect(resolution.preview == nil)
        #expect(resolution.original?.id == "video")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the events send the placeholder and the poster, and leave a large video to a request")
    func videoWaitsForARequest() async throws {
        let video = ScriptedPart("video", mimeType: .videoMP4, byteCount: 40_000_000)
        let size = PartFactory.size(#"{"width":1920,"height":1080,"duration":12.5}"#)
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [Self.poster, video, size]).collected()
        #expect(events.map(\.testDescription) == ["placeholder 1920x1080", "preview poster"])
        #expect(video.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("asked for, the video is downloaded, checked as ISO media and sent after the poster")
    func videoOnRequest() async throws {
        let bytes = try Data(contentsOf: try await Self.clip("h264-aac-faststart.mp4"))
        let video = ScriptedPart(
            "video", mimeType: .videoMP4, byteCount: Int64(bytes.count),
            script: DownloadScript(automatic: .init(content: .data(bytes), steps: 1)))
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [Self.poster, video], fetchingOriginal: true).collected()
        let described = events.map(\.testDescription).filter { !$0.hasPrefix("progress") }
        #expect(described == ["placeholder 320x180", "preview poster", "full video"])
        guard case .placeholder(let placeholder)? = events.first else { return }
        #expect(placeholder.video == PlaceholderSize.VideoDetails())
    }

    @Test(
        "without a size part, a local video's header gives the size with the rotation applied, and the duration",
        arguments: [
            ("h264-aac-faststart.mp4", PixelSize(width: 160, height: 90)),
            ("rotate-90.mp4", PixelSize(width: 90, height: 160)),
            ("rotate-180.mp4", PixelSize(width: 160, height: 90)),
            ("rotate-270.mp4", PixelSize(width: 90, height: 160)),
            ("rotate-90.mov", PixelSize(width: 90, height: 160)),
        ])
    func localHeader(_ name: String, _ displayed: PixelSize) async throws {
        let url = try await Self.clip(name)
        let type: MIMEType = name.hasSuffix(".mov") ? .videoQuickTime : .videoMP4
        let video = ScriptedPart("video", mimeType: type, status: .complete, localContent: .file(url))
        let placeholder = try #require(AttachmentResolver().resolve([Self.poster, video]).placeholderSize)
        #expect(placeholder.displayedSize == displayed)
        #expect(placeholder.source == .videoHeader("video"))
        // exiftool's clockwise rotation, as ours.
        let oracle = try await ISOMediaOracle(url)
        #expect(placeholder.video?.rotation?.clockwiseDegrees == (oracle.exiftoolRotation ?? 0))
        let duration = try #require(placeholder.video?.duration)
        #expect(abs(duration - (oracle.formatDuration ?? -1)) < 0.0005)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a local video is no picture: its poster is still shown before it")
    func localVideoKeepsThePoster() async throws {
        let url = try await Self.clip("rotate-90.mp4")
        let video = ScriptedPart("video", mimeType: .videoMP4, status: .complete, localContent: .file(url))
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [Self.poster, video]).collected()
        #expect(events.map(\.testDescription) == ["placeholder 90x160", "preview poster", "full video"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "AttachmentResolver.AutoDownloadPolicy by size applies to videos: a short clip is fetched unasked, a long one waits",
        arguments: [(Int64(300_000), true), (Int64(30_000_000), false)])
    func autoDownloadBySize(_ byteCount: Int64, _ fetched: Bool) async throws {
        let bytes = try Data(contentsOf: try await Self.clip("h264-aac-faststart.mp4"))
        let video = ScriptedPart(
            "video", mimeType: .videoMP4, byteCount: byteCount,
            script: DownloadScript(automatic: .init(content: .data(bytes), steps: 1)))
        let policy = AttachmentResolver.AutoDownloadPolicy(
            mimeTypes: [.imageJPEGPreview, .videoMP4], maximumByteCount: 1_000_000)
        let resolver = AttachmentResolver(autoDownload: policy, downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [Self.poster, video]).collected()
        #expect(events.contains { $0.testDescription == "full video" } == fetched)
        #expect(video.script.startedCount == (fetched ? 1 : 0))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the sole-image rule never fetches a video: a small video without a poster waits for a request")
    func soleImageRuleSkipsVideos() async throws {
        let video = ScriptedPart("video", mimeType: .videoMP4, byteCount: 1_000)
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [video]).collected()
        #expect(events.isEmpty)
        #expect(video.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a video whose bytes are an HTML page is refused with FileType.VerificationError")
    func htmlVideoRefused() async throws {
        let page = Data("<!DOCTYPE html><html><body>Sign in</body></html>".utf8)
        let video = ScriptedPart(
            "video", mimeType: .videoMP4, script: DownloadScript(automatic: .init(content: .data(page), steps: 1)))
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [Self.poster, video], fetchingOriginal: true).collected()
        let described = events.map(\.testDescription).filter { !$0.hasPrefix("progress") }
        #expect(described == ["placeholder 320x180", "preview poster", "failed original video"])
        guard case .failed(let failure)? = events.last else { return }
        guard case .mismatch(let declared, _)? = failure.reason as? FileType.VerificationError else {
            Issue.record("unexpected reason \(failure.reason)")
            return
        }
        #expect(declared == .videoMP4)
    }
}
#endif
