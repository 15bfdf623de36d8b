import Foundation
import Testing

@testable import AttachmentKit

/// "No preview after the full resolution", through ``AttachmentResolver/events(for:fetchingOriginal:priority:)``
/// rather than on the sequencer alone.
@Suite(
    "AttachmentResolver events: nothing of the preview after the full resolution", SuiteTimeLimit.minutes(2), .inTurn)
struct ResolutionPreviewAfterFullTests {
    /// The events tests' size part and images.
    private let fixtures = ResolutionEventsTests()

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a preview another caller shares completes after the original: it is that caller's, never sent here")
    func sharedPreviewCompletesAfterFull() async throws {
        let full = ScriptedPart("full")
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let size = ScriptedPart("size", mimeType: .imageSize, status: .complete, localContent: .data(fixtures.sizeJSON))
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        // Another screen wants the preview too: its transfer outlives this consumer's interest.
        let otherScreen = await coordinator.download(preview)
        let resolver = AttachmentResolver(downloads: coordinator)
        var events = resolver.events(for: [full, preview, size], fetchingOriginal: true).makeAsyncIterator()
        let previewAttempt = await preview.script.attempt(0)
        let fullAttempt = await full.script.attempt(0)
        fullAttempt.report(10, of: 100)
        fullAttempt.succeed(fixtures.fullBytes)
        #expect(await ResolutionEventsTests.next(from: &events) == "placeholder 3024x4032")
        #expect(await ResolutionEventsTests.next(from: &events) == "full full")
        // The preview arrives now, for the other screen. Two things keep it from this stream:
        // the full resolution's arrival cancels this consumer's preview fetch, and the sequencer
        // drops a preview that comes after the full resolution anyway.
        previewAttempt.report(50, of: 100)
        previewAttempt.succeed(fixtures.previewBytes)
        #expect(try await otherScreen.content() == fixtures.previewBytes)
        var afterFull: [String] = []
        while let event = await events.next() { afterFull.append(event.testDescription) }
        #expect(afterFull.isEmpty, "sent after the full resolution")
        #expect(!previewAttempt.wasCancelled)
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.activeTransferCount == 0)
    }
}
