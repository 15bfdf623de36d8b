import AttachmentKitCommands
import Foundation
import Testing

#if os(macOS) || os(Linux)
@Suite("attachmentkit inspect on videos and URLs", SuiteTimeLimit.minutes(5), .inTurn)
struct InspectMediaCommandTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("prints format, duration, displayed size, rotation, codecs and fast start of a video")
    func video() async throws {
        let path = try await ISOMediaCorpus.shared().url("rotate-90.mp4").path
        let outcome = await AttachmentKitTool.run(["inspect", path])
        #expect(outcome.status == 0)
        for line in [
            "  format: MP4 (video/mp4)", "  duration: 1.000 s", "  displayed size: 90 x 160", "  rotation: 270°",
            "  track 1: video, avc1, 1.000 s", "  track 2: audio, mp4a, 1.128 s", "  fast start: no",
        ] {
            #expect(outcome.output.contains(line + "\n"), "\(line)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a fragmented MP4 whose mvhd says 0: the duration ffprobe reads, from its fragments")
    func fragmented() async throws {
        let path = try FragmentedMovieCorpus.shared().url("empty-moov.mp4").path
        let outcome = await AttachmentKitTool.run(["inspect", path])
        #expect(outcome.status == 0)
        for line in [
            "  duration: 2.023 s", "  track 1: video, avc1, 2.023 s", "  track 2: audio, mp4a, 2.023 s",
            "  fast start: yes (fragmented)",
        ] {
            #expect(outcome.output.contains(line + "\n"), "\(line)")
        }
    }

    @Test("an http URL is read with ranged requests and says how many bytes it fetched")
    func url() async throws {
        try #require(RemoteNginxServer.isAvailable)
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        try server.serve(Data(contentsOf: try await ISOMediaCorpus.shared().url("mpeg4-aac.mov")), as: "clip.mov")
        let outcome = await AttachmentKitTool.run(["inspect", server.url("clip.mov").absoluteString])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(outcome.output.contains("  format: QuickTime (video/quicktime)\n"))
        #expect(outcome.output.contains("  track 1: video, mp4v, 1.000 s\n"))
        let fetched = server.requests.reduce(Int64(0)) { $0 + $1.bodyBytes }
        #expect(outcome.output.contains("  bytes fetched: \(fetched)\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a truncated video is a one-line error and status 2")
    func truncated() async throws {
        let data = try Data(contentsOf: try await ISOMediaCorpus.shared().url("h264-aac-faststart.mp4"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID()).mp4")
        try data.prefix(600).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = await AttachmentKitTool.run(["inspect", url.path])
        #expect(outcome.status == 2)
        #expect(outcome.errorOutput.contains("MP4 header is truncated"))
    }
}
#endif
