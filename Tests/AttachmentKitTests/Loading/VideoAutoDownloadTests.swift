import Foundation
import Testing

@testable import AttachmentKit

/// ``AttachmentResolver/AutoDownloadPolicy`` by size for videos and files, through a loader: above the limit (the
/// shared ``AttachmentResolver/AutoDownloadPolicy/maximumByteCount``, or ``AttachmentResolver/AutoDownloadPolicy/maximumVideoAndFileByteCount``
/// when set) the video waits and the state says it awaits a download request, as an image does.
@MainActor
@Suite("Auto-download of videos and files by size", SuiteTimeLimit.minutes(2), .inTurn)
struct VideoAutoDownloadTests {
    nonisolated static let mib: Int64 = 1 << 20
    nonisolated static let pdf = MIMEType(validatedType: "application", subtype: "pdf", parameters: [:])

    /// A part of `type` and `byteCount` that answers at once if fetched.
    static func part(_ id: PartID, _ type: MIMEType, byteCount: Int64?) -> ScriptedPart {
        let bytes = type == pdf ? Data("%PDF-1.4\n%%EOF\n".utf8) : SyntheticMovies.movie()
        return ScriptedPart(
            id, mimeType: type, byteCount: byteCount,
            script: DownloadScript(automatic: .init(content: .data(bytes), steps: 1)))
    }

    /// Loads `parts` unasked under `policy`; returns the loader once the run ended.
    static func load(_ parts: [any MessagePart], policy: AttachmentResolver.AutoDownloadPolicy) async
        -> CallbackAttachmentLoader
    {
        let resolver = AttachmentResolver(
            autoDownload: policy, downloads: TransferFixtures.coordinator(throttle: .none))
        let loader = CallbackAttachmentLoader(resolver: resolver, downloadDelay: 0)
        loader.load(parts: parts)
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        return loader
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "one shared limit: a video within it is fetched, one above it awaits a download request",
        arguments: [(Int64(500_000), true), (Int64(30_000_000), false)])
    func sharedLimit(_ byteCount: Int64, _ fetched: Bool) async {
        let video = Self.part("video", .videoMP4, byteCount: byteCount)
        let policy = AttachmentResolver.AutoDownloadPolicy(
            mimeTypes: [.imageJPEGPreview, .videoMP4], maximumByteCount: Self.mib)
        let loader = await Self.load([VideoAndFileLoadingTests.poster, video], policy: policy)
        #expect(video.script.startedCount == (fetched ? 1 : 0))
        #expect(loader.state.awaitsDownloadRequest == !fetched)
        #expect(loader.state.isShowingOriginal == fetched)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a video and file limit of its own: a 30 MiB clip or PDF is fetched, a larger one or one of unknown size waits",
        arguments: [
            (VideoAutoDownloadTests.pdf, Int64?.some(30 << 20), true), (MIMEType.videoMP4, Int64?.some(30 << 20), true),
            (MIMEType.videoMP4, Int64?.some(60 << 20), false), (MIMEType.videoMP4, Int64?.none, false),
            (VideoAutoDownloadTests.pdf, Int64?.none, false),
        ])
    func separateLimit(_ type: MIMEType, _ byteCount: Int64?, _ fetched: Bool) async {
        let part = Self.part("full", type, byteCount: byteCount)
        var policy = AttachmentResolver.AutoDownloadPolicy.default
        policy.mimeTypes.formUnion([.videoMP4, Self.pdf])
        policy.maximumVideoAndFileByteCount = 50 << 20
        let parts: [any MessagePart] = type == .videoMP4 ? [VideoAndFileLoadingTests.poster, part] : [part]
        let loader = await Self.load(parts, policy: policy)
        #expect(part.script.startedCount == (fetched ? 1 : 0))
        #expect(loader.state.awaitsDownloadRequest == !fetched)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the video limit leaves previews and images to the shared one: a 3 MiB poster and a 3 MiB photo wait")
    func othersKeepTheSharedLimit() async throws {
        var policy = AttachmentResolver.AutoDownloadPolicy(
            mimeTypes: [.imageJPEGPreview, .imageJPEG, .videoMP4], maximumByteCount: 2 * Self.mib,
            maximumSoleImageByteCount: 0)
        policy.maximumVideoAndFileByteCount = 50 << 20
        let jpeg = PartContent.data(SyntheticImages.jpeg(width: 320, height: 180))
        let poster = ScriptedPart(
            "poster", mimeType: .imageJPEGPreview, byteCount: 3 * Self.mib,
            script: DownloadScript(automatic: .init(content: jpeg, steps: 1)))
        let video = Self.part("video", .videoMP4, byteCount: 10 * Self.mib)
        _ = await Self.load([poster, video], policy: policy)
        #expect(poster.script.startedCount == 0)
        #expect(video.script.startedCount == 1)
        let photo = ScriptedPart(
            "photo", mimeType: .imageJPEG, byteCount: 3 * Self.mib,
            script: DownloadScript(automatic: .init(content: jpeg, steps: 1)))
        let loader = await Self.load([photo], policy: policy)
        #expect(photo.script.startedCount == 0)
        #expect(loader.state.awaitsDownloadRequest)
        // The public check is the shared limit's, whatever the part.
        #expect(!policy.allowsAutomaticDownload(of: video))
    }
}
