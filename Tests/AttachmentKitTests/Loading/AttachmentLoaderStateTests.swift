import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment loader: what it shows, cancel, reset and retry", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentLoaderStateTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the observable loader shows the placeholder size, the preview, progress and the original")
    func phases() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        try await Self.observablePhases()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private static func observablePhases() async throws {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let full = ScriptedPart("full")
        try ResolverChoice.require([LoadingFixtures.localPreview(), full], preview: "preview", original: "full")
        let loader = AttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        loader.load(parts: [LoadingFixtures.localPreview(), full], fetchingOriginal: true)
        let attempt = await full.script.attempt(0)
        await waitOnMainActor("the preview") { loader.content != nil }
        #expect(loader.content == LoadingFixtures.jpeg(width: 64, height: 48))
        #expect(loader.placeholderSize?.displayedSize.width == 64)
        attempt.report(1, of: 4)
        await waitOnMainActor("progress") {
            if case .downloading = loader.phase { return true }
            return false
        }
        attempt.succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the original") { !loader.state.isLoading }
        #expect(loader.state.isShowingOriginal)
        #expect(loader.content == LoadingFixtures.jpeg())
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("cancel stops the download and keeps the preview shown; reset clears it")
    func cancelKeepsShown() async throws {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let full = ScriptedPart("full")
        try ResolverChoice.require([LoadingFixtures.localPreview(), full], preview: "preview", original: "full")
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        loader.load(parts: [LoadingFixtures.localPreview(), full], fetchingOriginal: true)
        let attempt = await full.script.attempt(0)
        await waitOnMainActor("the preview") { loader.state.content != nil }
        loader.cancel()
        await attempt.waitUntilCancelled()
        #expect(loader.state.content == LoadingFixtures.jpeg(width: 64, height: 48))
        #expect(!loader.state.isLoading)
        guard case .preview = loader.state.phase else {
            Issue.record("phase \(loader.state.phase) after cancel, expected preview")
            return
        }
        loader.reset()
        #expect(loader.state.content == nil)
        guard case .empty = loader.state.phase else {
            Issue.record("phase \(loader.state.phase) after reset, expected empty")
            return
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a failed original is a failed phase, and retry downloads it again")
    func retryAfterFailure() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let full = ScriptedPart("full")
        var changes = 0
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        loader.onChange = { _ in changes += 1 }
        loader.load(parts: [full], fetchingOriginal: true)
        await full.script.attempt(0).fail(URLError(.timedOut))
        await waitOnMainActor("the failure") { !loader.state.isLoading }
        guard case .failed(let failure) = loader.state.phase else {
            Issue.record("phase \(loader.state.phase), expected failed")
            return
        }
        #expect(failure.partID == "full")
        loader.retry()
        await full.script.attempt(1).succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the original") { loader.state.isShowingOriginal }
        #expect(changes >= 4)
    }
}
