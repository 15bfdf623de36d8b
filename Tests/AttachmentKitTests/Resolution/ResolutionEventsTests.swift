import Foundation
import Testing

@testable import AttachmentKit

@Suite("AttachmentResolver events")
struct ResolutionEventsTests {
    let sizeJSON = Data(#"{"width":4032,"height":3024,"orientation":3}"#.utf8)
    let previewBytes = TransferFixtures.content("preview")
    let fullBytes = TransferFixtures.content("full")

    /// The events of a stream, in a compact form that is easy to compare.
    static func describe(_ event: ResolutionEvent) -> String {
        switch event {
        case .placeholder(let size): "placeholder \(Int(size.displayedSize.width))x\(Int(size.displayedSize.height))"
        case .preview(_, let id): "preview \(id)"
        case .progress(let progress, _): "progress \(progress.completedBytes)/\(progress.totalBytes ?? -1)"
        case .fullResolution(_, let id): "full \(id)"
        case .failed(let failure): "failed \(failure.role) \(failure.partID)"
        }
    }

    static func collect(_ events: AsyncStream<ResolutionEvent>) -> Task<[String], Never> {
        Task {
            var described: [String] = []
            for await event in events { described.append(describe(event)) }
            return described
        }
    }

    /// The next event other than progress, described, or `nil` at the end.
    static func next(from events: inout AsyncStream<ResolutionEvent>.Iterator) async -> String? {
        while let event = await events.next() {
            if case .progress = event { continue }
            return describe(event)
        }
        return nil
    }

    /// The task's value, or `nil` when it takes longer than `limit` (the task is then left
    /// waiting: a task group would wait for it).
    static func value<Value: Sendable>(of task: Task<Value, Never>, within limit: Duration) async -> Value? {
        let finished = LockedState<Value?>(nil)
        Task {
            let value = await task.value
            finished.withLock { $0 = value }
        }
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let value = finished.withLock({ $0 }) { return value }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    func resolver(_ coordinator: DownloadCoordinator, autoDownload: AutoDownloadPolicy = .default) -> AttachmentResolver
    {
        AttachmentResolver(autoDownload: autoDownload, downloads: coordinator)
    }

    /// Atlas's three parts: `full`, and a local preview and size part.
    func photoMessage(_ full: ScriptedPart) -> [any MessagePart] {
        [
            full, ScriptedPart("preview", mimeType: .imageJPEGPreview, status: .complete, localContent: previewBytes),
            ScriptedPart("size", mimeType: .imageSize, status: .complete, localContent: .data(sizeJSON)),
        ]
    }

    @Test("a message whose parts are all local gives placeholder and full resolution without any download")
    func allLocal() async {
        let full = ScriptedPart("full", status: .complete, localContent: fullBytes)
        let parts = photoMessage(full)
        let coordinator = TransferFixtures.coordinator()
        let events = await Self.collect(resolver(coordinator).events(for: parts)).value
        #expect(events == ["placeholder 3024x4032", "full full"])
        #expect(full.script.startedCount == 0)
    }

    @Test("a remote original is not fetched unless asked; the local preview is shown")
    func remoteNotAsked() async {
        let full = ScriptedPart("full")
        let parts = photoMessage(full)
        let events = await Self.collect(resolver(TransferFixtures.coordinator()).events(for: parts)).value
        #expect(events == ["placeholder 3024x4032", "preview preview"])
        #expect(full.script.startedCount == 0)
    }

    @Test("asked for the original: placeholder, preview, progress, then the full resolution")
    func remoteFetched() async {
        let full = ScriptedPart("full")
        let parts = photoMessage(full)
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let collected = Self.collect(resolver(coordinator).events(for: parts, fetchingFullResolution: true))
        let attempt = await full.script.attempt(0)
        attempt.report(50, of: 100)
        attempt.succeed(fullBytes)
        let events = await collected.value.filter { !$0.hasPrefix("progress 0/") }
        #expect(
            events == ["placeholder 3024x4032", "preview preview", "progress 50/100", "progress 100/100", "full full"])
    }

    @Test("the preview and a remote size part are fetched automatically, and the placeholder comes first")
    func autoDownload() async {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let size = ScriptedPart("size", mimeType: .imageSize)
        let parts: [any MessagePart] = [ScriptedPart("full"), preview, size]
        let coordinator = TransferFixtures.coordinator()
        let collected = Self.collect(resolver(coordinator).events(for: parts))
        await preview.script.attempt(0).succeed(previewBytes)
        await size.script.attempt(0).succeed(.data(sizeJSON))
        #expect(await collected.value == ["placeholder 3024x4032", "preview preview"])
    }

    @Test("content already in the store is used without calling the part")
    func storeHit() async {
        let store = FakeContentStore(entries: [ContentKey(partID: "full"): Data("stored".utf8)])
        let full = ScriptedPart("full")
        let coordinator = TransferFixtures.coordinator(store: store)
        let events = await Self.collect(resolver(coordinator).events(for: [full], fetchingFullResolution: true)).value
        #expect(events.last == "full full")
        #expect(full.script.startedCount == 0)
    }

    @Test("a failed part is reported by name and role, and the other parts go on")
    func failures() async {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let full = ScriptedPart("full")
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        var events = resolver(coordinator).events(for: [full, preview], fetchingFullResolution: true)
            .makeAsyncIterator()
        await preview.script.attempt(0).fail(HTTPStatusError(statusCode: 404))
        #expect(await Self.next(from: &events) == "failed preview preview")
        await full.script.attempt(0).succeed(fullBytes)
        #expect(await Self.next(from: &events) == "full full")
        #expect(await Self.next(from: &events) == nil)

        let broken = ScriptedPart("broken")
        let failed = Self.collect(resolver(coordinator).events(for: [broken], fetchingFullResolution: true))
        await broken.script.attempt(0).fail(HTTPStatusError(statusCode: 403))
        #expect(await failed.value.filter { !$0.hasPrefix("progress") } == ["failed full-resolution broken"])
    }

    @Test("a malformed local size part is reported as a size failure")
    func malformedSize() async {
        let parts: [any MessagePart] = [
            ScriptedPart("full", status: .complete, localContent: fullBytes),
            ScriptedPart("size", mimeType: .imageSize, status: .complete, localContent: .data(Data("{".utf8))),
        ]
        let events = await Self.collect(resolver(TransferFixtures.coordinator()).events(for: parts)).value
        #expect(events == ["failed size size", "full full"])
    }

    @Test("a preview still downloading when the full resolution arrives is cancelled and never sent")
    func fullResolutionCancelsPreview() async {
        let full = ScriptedPart("full")
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let size = ScriptedPart("size", mimeType: .imageSize, status: .complete, localContent: .data(sizeJSON))
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let collected = Self.collect(
            resolver(coordinator).events(for: [full, preview, size], fetchingFullResolution: true))
        let previewAttempt = await preview.script.attempt(0)
        await full.script.attempt(0).succeed(fullBytes)
        // The stream ends only once the preview download has ended, and nothing here ends it
        // but cancellation: a bounded wait, so that a regression fails instead of hanging.
        guard let events = await Self.value(of: collected, within: .seconds(20)) else {
            Issue.record("the events never ended: the preview download was not cancelled")
            return
        }
        await previewAttempt.waitUntilCancelled()
        #expect(events.filter { !$0.hasPrefix("progress") } == ["placeholder 3024x4032", "full full"])
        await coordinator.waitUntilIdle()
        #expect(await coordinator.activeTransferCount == 0)
    }

    @Test("stopping the consumer cancels its download of the original")
    func consumerCancels() async {
        let full = ScriptedPart("full")
        let coordinator = TransferFixtures.coordinator()
        let events = resolver(coordinator).events(for: [full], fetchingFullResolution: true)
        let consumer = Task {
            for await _ in events {}
        }
        let attempt = await full.script.attempt(0)
        consumer.cancel()
        await attempt.waitUntilCancelled()
        await coordinator.waitUntilIdle()
        #expect(await coordinator.activeTransferCount == 0)
    }
}
