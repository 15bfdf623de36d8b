import Foundation
import Testing

@testable import AttachmentKit

/// A photo whose 12 MB original ``AttachmentLoaderAutoDownloadTests/policy`` does not fetch unasked and
/// whose 150 KB 1024 × 768 rendition it does, with a local preview (64 × 48) and a size part.
private struct PolicyMessage {
    typealias Fixtures = RenditionFixtures
    let large = ScriptedPart("photo@1024x768", byteCount: 150_000)
    let original: ScriptedPart
    let parts: [any MessagePart]

    init() {
        let rendition = Rendition(pixelSize: Fixtures.large, part: large)
        // Answers at once if ever asked, so that a test that wrongly fetches it fails at once too.
        let answers = DownloadScript(automatic: .init(content: Fixtures.jpeg(Fixtures.original), steps: 1))
        original = ScriptedPart("photo", byteCount: 12_000_000, script: answers, renditions: [rendition])
        parts = [
            original, LoadingFixtures.localPreview(),
            PartFactory.size(#"{"width":4032,"height":3024,"orientation":0}"#),
        ]
    }

    /// Requires the choices the tests wait on (``ResolverChoice``): the local preview, the 1024
    /// rendition for a cell it covers, the original for the whole screen.
    func requireChain(sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (size, rendition) in [(RenditionMessage.largeCell, large.id), (RenditionMessage.wholeScreen, original.id)] {
            try ResolverChoice.require(
                parts, preview: "preview", original: original.id, rendition: rendition, for: size,
                sourceLocation: sourceLocation)
        }
    }
}

/// What the loaders and the prefetcher fetch, unasked (`fetchingOriginal: false`), when the
/// resolver's ``AttachmentResolver/AutoDownloadPolicy`` allows a rendition but not the original: the rule is that of
/// ``AttachmentResolver/events(for:displayedPixelSize:fetchingOriginal:priority:)``, the
/// policy asked of each rendition's own part.
@MainActor
@Suite("Attachment loader: auto-download allows the rendition, not the original", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentLoaderAutoDownloadTests {
    private typealias Fixtures = RenditionFixtures
    /// JPEGs, previews and size parts up to 1 MiB: the rendition passes, the original does not.
    static let policy = AttachmentResolver.AutoDownloadPolicy(
        mimeTypes: [.imageJPEG, .imageJPEGPreview, .imageSize], maximumByteCount: 1 << 20)
    private let message = PolicyMessage()
    private let store = InMemoryContentStore(costLimit: 1 << 20, maximumEntryCost: 1 << 20)
    private var resolver: AttachmentResolver {
        AttachmentResolver(
            autoDownload: Self.policy, downloads: TransferFixtures.coordinator(throttle: .none, store: store))
    }

    private func loader() -> CallbackAttachmentLoader {
        CallbackAttachmentLoader(resolver: resolver, downloadDelay: 0)
    }

    /// A loader that loaded the message, unasked, for a size the 1024 rendition covers; the
    /// rendition's download succeeded or failed, and the run has ended.
    private func loaderAfterRendition(succeeds: Bool) async -> CallbackAttachmentLoader {
        let loader = loader()
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell)
        let attempt = await message.large.script.attempt(0)
        if succeeds {
            attempt.succeed(Fixtures.jpeg(Fixtures.large))
        } else {
            attempt.fail(URLError(.badServerResponse))
        }
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        return loader
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the rendition the policy allows is fetched and shown as the final image; the original is never requested")
    func allowedRenditionIsShown() async throws {
        try message.requireChain()
        #expect(Self.policy.allowsAutomaticDownload(of: message.large))
        #expect(!Self.policy.allowsAutomaticDownload(of: message.original))
        let loader = await loaderAfterRendition(succeeds: true)
        #expect(loader.state.isShowingOriginal)
        #expect(loader.state.content == Fixtures.jpeg(Fixtures.large))
        #expect(loader.state.shownPartID == message.large.id, "the state names the rendition, not the original")
        #expect(loader.state.lastFailure == nil, "an original left alone by the policy is no failure")
        #expect(message.original.script.startedCount == 0)
        #expect(await store.contains(ContentKey(partID: message.large.id)))
        #expect(await !store.contains(ContentKey(partID: message.original.id)))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a size only the original covers fetches nothing unasked: the preview stays, nothing loads, nothing failed")
    func onlyTheOriginalCovers() async throws {
        try message.requireChain()
        let loader = loader()
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.wholeScreen)
        await waitOnMainActor("the run to end") { !loader.state.isLoading }
        guard case .preview = loader.state.phase else {
            Issue.record("phase \(loader.state.phase), expected the preview: the original is not here, nor coming")
            return
        }
        #expect(loader.state.shownPartID == "preview")
        #expect(loader.state.lastFailure == nil)
        #expect(message.large.script.startedCount == 0, "the rendition does not cover the size: not worth a download")
        #expect(message.original.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "when the allowed rendition fails, the original is not fetched in its place: the phase is the rendition's failure"
    )
    func failedRenditionDoesNotFetchTheOriginal() async throws {
        try message.requireChain()
        let loader = await loaderAfterRendition(succeeds: false)
        guard case .failed(let failure) = loader.state.phase else {
            Issue.record("phase \(loader.state.phase), expected failed")
            return
        }
        #expect(failure.partID == message.large.id)
        #expect(failure.role == .original)
        #expect(loader.state.content != nil, "the preview stays shown")
        #expect(message.original.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "after the rendition is shown, a size only the original covers fetches nothing unasked and keeps the rendition")
    func sizeChangeDoesNotFetchTheOriginal() async throws {
        try message.requireChain()
        let loader = await loaderAfterRendition(succeeds: true)
        #expect(loader.state.isShowingOriginal)
        var published: [AttachmentLoadState] = []
        loader.onChange = { published.append($0) }
        loader.displayedPixelSizeChanged(to: RenditionMessage.wholeScreen)
        await waitOnMainActor("the size change's run to end") { !loader.state.isLoading }
        #expect(loader.state.isShowingOriginal)
        #expect(loader.state.shownPartID == message.large.id)
        #expect(loader.state.lastFailure == nil)
        #expect(published.allSatisfy { $0.content == Fixtures.jpeg(Fixtures.large) }, "nothing else is ever shown")
        #expect(message.original.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a prefetcher that fetches what the policy allows warms the rendition for the size, never the original")
    func prefetcherWarmsOnlyTheRendition() async throws {
        try message.requireChain()
        let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingOriginal: false)
        var drained = false
        prefetcher.onDrained = { drained = true }
        prefetcher.startPrefetching([message.parts], displayedPixelSize: RenditionMessage.largeCell)
        await message.large.script.attempt(0).succeed(Fixtures.jpeg(Fixtures.large))
        await waitOnMainActor("the prefetch to drain") { drained }
        #expect(await store.contains(ContentKey(partID: message.large.id)))
        #expect(message.original.script.startedCount == 0)
        #expect(await !store.contains(ContentKey(partID: message.original.id)))
    }
}
