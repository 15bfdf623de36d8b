import Foundation
import Testing

@testable import AttachmentKit

@Suite("AttachmentResolver events", SuiteTimeLimit.minutes(2), .inTurn)
struct ResolutionEventsTests {
    let sizeJSON = Data(#"{"width":4032,"height":3024,"orientation":3}"#.utf8)
    // Real image headers: the events check every content before sending it.
    let previewBytes = PartContent.data(SyntheticImages.jpeg(width: 384, height: 512))
    let fullBytes = PartContent.data(SyntheticImages.jpeg(width: 3024, height: 4032))

    static func collect(_ events: AttachmentResolver.Events) -> Task<[String], Never> {
        Task {
            var described: [String] = []
            for await event in events { described.append(event.testDescription) }
            return described
        }
    }

    /// The next event other than progress, described, or `nil` at the end.
    static func next(from events: inout AttachmentResolver.Events.Iterator) async -> String? {
        while let event = await events.next() {
            if case .progress = event { continue }
            return event.testDescription
        }
        return nil
    }

    func resolver(_ coordinator: DownloadCoordinator, autoDownload: AttachmentResolver.AutoDownloadPolicy = .default)
        -> AttachmentResolver
    {
        AttachmentResolver(autoDownload: autoDownload, downloads: coordinator)
    }

    /// Atlas's three parts: `full`, and a local preview and size part; the resolver's choice of
    /// the two image parts is required (``ResolverChoice``).
    func photoMessage(_ full: ScriptedPart, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [any MessagePart]
    {
        let parts: [any MessagePart] = [
            full, ScriptedPart("preview", mimeType: .imageJPEGPreview, status: .complete, localContent: previewBytes),
            ScriptedPart("size", mimeType: .imageSize, status: .complete, localContent: .data(sizeJSON)),
        ]
        try ResolverChoice.require(parts, preview: "preview", original: full.id, sourceLocation: sourceLocation)
        return parts
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a message whose parts are all local gives placeholder and full resolution without any download")
    func allLocal() async throws {
        let full = ScriptedPart("full", status: .complete, localContent: fullBytes)
        let parts = try photoMessage(full)
        let coordinator = TransferFixtures.coordinator()
        let events = await Self.collect(resolver(coordinator).events(for: parts)).cancellableValue
        #expect(events == ["placeholder 3024x4032", "full full"])
        #expect(full.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a remote original is not fetched unless asked; the local preview is shown")
    func remoteNotAsked() async throws {
        let full = ScriptedPart("full")
        let parts = try photoMessage(full)
        let events = await Self.collect(resolver(TransferFixtures.coordinator()).events(for: parts)).cancellableValue
        #expect(events == ["placeholder 3024x4032", "preview preview"])
        #expect(full.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("asked for the original: placeholder, preview, progress, then the full resolution")
    func remoteFetched() async throws {
        let full = ScriptedPart("full")
        let parts = try photoMessage(full)
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let collected = Self.collect(resolver(coordinator).events(for: parts, fetchingOriginal: true))
        let attempt = await full.script.attempt(0, before: collected)
        attempt.report(50, of: 100)
        attempt.succeed(fullBytes)
        let events = await collected.cancellableValue.filter { !$0.hasPrefix("progress 0/") }
        #expect(
            events == ["placeholder 3024x4032", "preview preview", "progress 50/100", "progress 100/100", "full full"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the preview and a remote size part are fetched automatically, and the placeholder comes first")
    func autoDownload() async throws {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let size = ScriptedPart("size", mimeType: .imageSize)
        let parts: [any MessagePart] = [ScriptedPart("full"), preview, size]
        try ResolverChoice.require(parts, preview: "preview", original: "full")
        let coordinator = TransferFixtures.coordinator()
        let collected = Self.collect(resolver(coordinator).events(for: parts))
        await preview.script.attempt(0, before: collected).succeed(previewBytes)
        await size.script.attempt(0, before: collected).succeed(.data(sizeJSON))
        #expect(await collected.cancellableValue == ["placeholder 3024x4032", "preview preview"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("content already in the store is used without calling the part")
    func storeHit() async {
        let store = FakeContentStore(entries: [ContentKey(partID: "full"): SyntheticImages.jpeg()])
        let full = ScriptedPart("full")
        let coordinator = TransferFixtures.coordinator(store: store)
        let events = await Self.collect(resolver(coordinator).events(for: [full], fetchingOriginal: true))
            .cancellableValue
        #expect(events.last == "full full")
        #expect(full.script.startedCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a failed part is reported by name and role, and the other parts go on")
    func failures() async throws {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let full = ScriptedPart("full")
        try ResolverChoice.require([full, preview], preview: "preview", original: "full")
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        var events = resolver(coordinator).events(for: [full, preview], fetchingOriginal: true)
            .makeAsyncIterator()
        await preview.script.attempt(0).fail(HTTPStatusError(statusCode: 404))
        #expect(await Self.next(from: &events) == "failed preview preview")
        await full.script.attempt(0).succeed(fullBytes)
        #expect(await Self.next(from: &events) == "placeholder 3024x4032")
        #expect(await Self.next(from: &events) == "full full")
        #expect(await Self.next(from: &events) == nil)

        let broken = ScriptedPart("broken")
        let failed = Self.collect(resolver(coordinator).events(for: [broken], fetchingOriginal: true))
        await broken.script.attempt(0, before: failed).fail(HTTPStatusError(statusCode: 403))
        #expect(await failed.cancellableValue.filter { !$0.hasPrefix("progress") } == ["failed original broken"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a malformed local size part is reported as a size failure")
    func malformedSize() async {
        let parts: [any MessagePart] = [
            ScriptedPart("full", status: .complete, localContent: fullBytes),
            ScriptedPart("size", mimeType: .imageSize, status: .complete, localContent: .data(Data("{".utf8))),
        ]
        let events = await Self.collect(resolver(TransferFixtures.coordinator()).events(for: parts)).cancellableValue
        #expect(events == ["failed size size", "placeholder 3024x4032", "full full"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a preview still downloading when the full resolution arrives is cancelled and never sent")
    func originalCancelsPreview() async throws {
        let full = ScriptedPart("full")
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let size = ScriptedPart("size", mimeType: .imageSize, status: .complete, localContent: .data(sizeJSON))
        try ResolverChoice.require([full, preview, size], preview: "preview", original: "full")
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let collected = Self.collect(
            resolver(coordinator).events(for: [full, preview, size], fetchingOriginal: true))
        let previewAttempt = await preview.script.attempt(0, before: collected)
        await full.script.attempt(0, before: collected).succeed(fullBytes)
        // Nothing but the full resolution's arrival cancels the preview download, and the
        // stream ends only after it; a regression runs into the suite's time limit.
        await previewAttempt.waitUntilCancelled()
        let events = await collected.cancellableValue
        #expect(events.filter { !$0.hasPrefix("progress") } == ["placeholder 3024x4032", "full full"])
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.activeTransferCount == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("stopping the consumer cancels its download of the original")
    func consumerCancels() async {
        let full = ScriptedPart("full")
        let coordinator = TransferFixtures.coordinator()
        let events = resolver(coordinator).events(for: [full], fetchingOriginal: true)
        let consumer = Task {
            for await _ in events {}
        }
        let attempt = await full.script.attempt(0, before: consumer)
        consumer.cancel()
        await attempt.waitUntilCancelled()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.activeTransferCount == 0)
    }
}
