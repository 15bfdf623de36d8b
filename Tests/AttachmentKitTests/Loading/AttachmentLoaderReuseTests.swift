import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment loader: cell reuse and late results")
struct AttachmentLoaderReuseTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a replaced load whose original arrives late never overwrites the new message's image (generation token)",
        .timeLimit(.minutes(1)))
    func lateResultOfReplacedLoadIsDropped() async {
        let gate = LateGate()
        let oldDone = LateGate()
        // The old message's events ignore cancellation: its original arrives after the reuse.
        let engine = AttachmentLoadEngine(resolver: AttachmentResolver(), disappearance: .lowerPriority) {
            request, _, publish in
            if request.parts.first?.id == "old" {
                await gate.wait()
                publish(.fullResolution(TransferFixtures.content("OLD"), partID: "old"))
                oldDone.open()
            } else {
                publish(.fullResolution(TransferFixtures.content("NEW"), partID: "new"))
            }
        }
        let loader = CallbackAttachmentLoader(engine: engine)
        loader.load(parts: [PartFactory.remote("old", .imageJPEG)])
        loader.load(parts: [PartFactory.remote("new", .imageJPEG)])
        await waitOnMainActor("the new image") { loader.state.isShowingOriginal }
        gate.open()
        await oldDone.wait()
        await Task.yield()
        #expect(loader.state.content == TransferFixtures.content("NEW"))
        #expect(loader.state.isShowingOriginal)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "loading new parts cancels the old message's download and shows only the new one", .timeLimit(.minutes(1)))
    func reuseCancelsOldDownload() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let old = ScriptedPart("old")
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        loader.load(parts: [old], fetchingFullResolution: true)
        let attempt = await old.script.attempt(0)
        loader.load(parts: [LoadingFixtures.localOriginal("new")])
        await attempt.waitUntilCancelled()
        attempt.succeed(LoadingFixtures.jpeg(width: 1, height: 1))
        await coordinator.waitUntilIdleUnlessCancelled()
        await waitOnMainActor("the new load to end") { !loader.state.isLoading }
        #expect(loader.state.content == LoadingFixtures.jpeg())
        #expect(loader.state.isShowingOriginal)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("releasing the loader cancels its downloads", .timeLimit(.minutes(1)))
    func releaseCancels() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let part = ScriptedPart("full")
        var loader: CallbackAttachmentLoader? = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        loader?.load(parts: [part], fetchingFullResolution: true)
        let attempt = await part.script.attempt(0)
        loader = nil
        await attempt.waitUntilCancelled()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.activeTransferCount == 0)
    }
}
