import Foundation
import Testing

@testable import AttachmentKit

@Suite("AttachmentResolver events: the placeholder from the first image's header", SuiteTimeLimit.minutes(2), .inTurn)
struct ResolutionHeaderPlaceholderTests {
    let previewBytes = PartContent.data(SyntheticImages.jpeg(width: 384, height: 512))
    let fullBytes = PartContent.data(SyntheticImages.jpeg(width: 3024, height: 4032))

    func resolver(_ coordinator: DownloadCoordinator = TransferFixtures.coordinator(throttle: .none))
        -> AttachmentResolver
    {
        AttachmentResolver(downloads: coordinator)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with no size part, a downloaded preview's header gives the placeholder, sent once, before the preview")
    func downloadedPreview() async throws {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        try ResolverChoice.require([ScriptedPart("full"), preview], preview: "preview", original: "full")
        let stream = resolver().events(for: [ScriptedPart("full"), preview])
        let collected = Task {
            var events: [AttachmentResolver.Event] = []
            for await event in stream { events.append(event) }
            return events
        }
        await preview.script.attempt(0, before: collected).succeed(previewBytes)
        let events = await collected.cancellableValue
        #expect(events.map(\.testDescription) == ["placeholder 384x512", "preview preview"])
        guard case .placeholder(let size) = events.first else { return }
        #expect(size.source == .imageHeader("preview"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with no size part and no preview, the downloaded original's header gives the placeholder before it")
    func downloadedOriginal() async {
        let full = ScriptedPart("full")
        let collected = ResolutionEventsTests.collect(resolver().events(for: [full], fetchingOriginal: true))
        let attempt = await full.script.attempt(0, before: collected)
        attempt.report(10, of: 100)
        attempt.succeed(fullBytes)
        let events = await collected.cancellableValue.filter { !$0.hasPrefix("progress") }
        #expect(events == ["placeholder 3024x4032", "full full"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "end to end: placeholder, preview, progress, full resolution; the placeholder only once")
    func order() async throws {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let full = ScriptedPart("full")
        try ResolverChoice.require([full, preview], preview: "preview", original: "full")
        var iterator = resolver().events(for: [full, preview], fetchingOriginal: true).makeAsyncIterator()
        await preview.script.attempt(0).succeed(previewBytes)
        let attempt = await full.script.attempt(0)
        attempt.report(50, of: 100)
        var events: [String] = []
        // The resolver follows the original's download from its current state, so the 50 %
        // comes whether it started following before the report or after; the original is
        // completed only once it has come (completed earlier, the resolver could start
        // following a finished download, with no progress to report: seen in a full run).
        while !events.contains("progress 50/100"), events.count < 8, let event = await iterator.next() {
            events.append(event.testDescription)
        }
        attempt.succeed(fullBytes)
        while let event = await iterator.next() { events.append(event.testDescription) }
        // The placeholder once and first, the preview before any progress of the original,
        // the original last.
        let progress = events.filter { $0.hasPrefix("progress") }
        #expect(events == ["placeholder 384x512", "preview preview"] + progress + ["full full"])
        #expect(events.contains("progress 50/100"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the original arriving first gives the placeholder, and the preview is never sent after it")
    func originalFirst() async throws {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let full = ScriptedPart("full")
        try ResolverChoice.require([full, preview], preview: "preview", original: "full")
        var events = resolver().events(for: [full, preview], fetchingOriginal: true).makeAsyncIterator()
        let previewAttempt = await preview.script.attempt(0)
        await full.script.attempt(0).succeed(fullBytes)
        // The preview is settled only once the original has been sent: settled earlier, the two
        // results would race and the preview could rightly come first.
        #expect(await ResolutionEventsTests.next(from: &events) == "placeholder 3024x4032")
        #expect(await ResolutionEventsTests.next(from: &events) == "full full")
        previewAttempt.succeed(previewBytes)
        #expect(await ResolutionEventsTests.next(from: &events) == nil, "sent after the original")
    }

    // Which of two fetches ends first is the scheduler's choice end to end (a preview made to
    // succeed first can still be checked after the size part is read), so each order is made
    // certain: the preview first through the sequencer, the size part first end to end.
    @Test(
        "a size part read after a preview's header is reconciled with it, as resolve does",
        arguments: [
            #"{"width":4032,"height":3024,"orientation":3}"#, #"{"width":3024,"height":4032,"orientation":3}"#,
        ])
    func reconciledWithPreviewFirst(json: String) throws {
        let metadata = try ImageSizeMetadata(json: Data(json.utf8), orientationCode: .uiImageOrientation)
        let header = try ImageInspector().inspect(previewBytes)
        var sequencer = ResolutionSequencer(step: .awaitingSizePart, awaitingPreview: true)
        let image = ResolutionSequencer.ImageOfEvent(header: header, partID: "preview", isOriginal: false)
        #expect(sequencer.receive(.preview(previewBytes, partID: "preview"), image: image).isEmpty)
        let ready = sequencer.sizePartRead(.success(metadata))
        #expect(ready.map(\.testDescription) == ["placeholder 3024x4032", "preview preview"])
        // The same parts, all local, through resolve.
        let local: [any MessagePart] = [
            ScriptedPart("full"), LocalPart(id: "preview", mimeType: .imageJPEGPreview, content: previewBytes),
            LocalPart(id: "size", mimeType: .imageSize, content: .data(Data(json.utf8))),
        ]
        guard case .placeholder(let size) = ready.first else { return }
        #expect(size == AttachmentResolver().resolve(local).placeholderSize)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a size part fetched before the preview gives the placeholder at once, and the preview follows")
    func sizePartFirst() async throws {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let size = ScriptedPart("size", mimeType: .imageSize)
        let parts: [any MessagePart] = [ScriptedPart("full"), preview, size]
        try ResolverChoice.require(parts, preview: "preview", original: "full")
        var events = resolver().events(for: parts).makeAsyncIterator()
        let previewAttempt = await preview.script.attempt(0)
        await size.script.attempt(0).succeed(.data(Data(#"{"width":3024,"height":4032,"orientation":3}"#.utf8)))
        // The size part's own displayed size (orientation 3 turns it): no header is known yet.
        #expect(await ResolutionEventsTests.next(from: &events) == "placeholder 4032x3024")
        previewAttempt.succeed(previewBytes)
        #expect(await ResolutionEventsTests.next(from: &events) == "preview preview")
        #expect(await ResolutionEventsTests.next(from: &events) == nil, "the placeholder only once")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a size part that fails to download leaves the placeholder to the preview's header")
    func sizePartFails() async throws {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let size = ScriptedPart("size", mimeType: .imageSize)
        try ResolverChoice.require([ScriptedPart("full"), preview, size], preview: "preview", original: "full")
        let collected = ResolutionEventsTests.collect(resolver().events(for: [ScriptedPart("full"), preview, size]))
        await preview.script.attempt(0, before: collected).succeed(previewBytes)
        await size.script.attempt(0, before: collected).fail(HTTPStatusError(statusCode: 404))
        #expect(await collected.cancellableValue == ["failed size size", "placeholder 384x512", "preview preview"])
    }
}
