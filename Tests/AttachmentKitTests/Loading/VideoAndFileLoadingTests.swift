import Foundation
import Testing

@testable import AttachmentKit

/// The loaders and the prefetcher handle video and file messages as the resolver's events do:
/// the poster and the video's details shown, the video and the file left to a request.
@MainActor
@Suite("Loading video and file messages", SuiteTimeLimit.minutes(2), .inTurn)
struct VideoAndFileLoadingTests {
    static let poster = LocalPart(
        id: "poster", mimeType: .imageJPEGPreview, content: .data(SyntheticImages.jpeg(width: 320, height: 180)))
    static let size = PartFactory.size(#"{"width":1280,"height":720,"duration":3.5}"#)

    private func loader() -> CallbackAttachmentLoader {
        CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: TransferFixtures.coordinator(throttle: .none)), downloadDelay: 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a video message shows the poster with the size and duration, and waits for a request for the video")
    func videoLoader() async {
        let video = ScriptedPart("video", mimeType: .videoMP4, byteCount: 25_000_000)
        let loader = loader()
        loader.load(parts: [Self.poster, video, Self.size])
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        #expect(loader.state.shownPartID == "poster")
        #expect(loader.state.placeholderSize?.video?.duration == 3.5)
        #expect(loader.state.awaitsDownloadRequest)
        #expect(video.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a file message waits for a request, and loads the file once asked")
    func fileLoader() async throws {
        let pdf = Data("%PDF-1.5\n%%EOF\n".utf8)
        let file = ScriptedPart(
            "file", mimeType: try MIMEType("application/pdf"),
            script: DownloadScript(automatic: .init(content: .data(pdf), steps: 1)))
        let loader = loader()
        loader.load(parts: [file])
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        #expect(loader.state.awaitsDownloadRequest)
        #expect(file.script.startedCount == 0)
        loader.load(parts: [file], fetchingOriginal: true)
        await waitOnMainActor("the file") { loader.state.content == .data(pdf) }
        #expect(loader.state.isShowingOriginal)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the prefetcher fetches a remote poster and size part, never the video nor the file")
    func prefetcher() async throws {
        let coordinator = TransferFixtures.coordinator()
        let prefetcher = AttachmentPrefetcher(resolver: AttachmentResolver(downloads: coordinator))
        let posterBytes = PartContent.data(SyntheticImages.jpeg(width: 320, height: 180))
        let poster = ScriptedPart(
            "poster", mimeType: .imageJPEGPreview,
            script: DownloadScript(automatic: .init(content: posterBytes, steps: 1)))
        let video = ScriptedPart("video", mimeType: .videoMP4, byteCount: 1_000)
        let file = ScriptedPart("file", mimeType: try MIMEType("application/zip"), byteCount: 1_000)
        prefetcher.startPrefetching([[poster, video], [file]])
        await prefetcher.tasksEnded()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(poster.script.startedCount == 1)
        #expect(video.script.startedCount == 0)
        #expect(file.script.startedCount == 0)
    }
}
