import Foundation
import Testing

@testable import AttachmentKit

@Suite("AttachmentResolver events check content before sending it", SuiteTimeLimit.minutes(2), .inTurn)
struct ResolutionContentCheckTests {
    let html = PartContent.data(Data("<!doctype html><html><body>Not found</body></html>".utf8))
    let jpeg = PartContent.data(SyntheticImages.jpeg(width: 640, height: 480))

    func resolvedEvents(
        _ parts: [any MessagePart], policy: ImageInspector.ContentPolicy = .default, fetchingOriginal: Bool = true
    ) async -> [AttachmentResolver.Event] {
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator(), contentPolicy: policy)
        var events: [AttachmentResolver.Event] = []
        for await event in resolver.events(for: parts, fetchingOriginal: fetchingOriginal) {
            events.append(event)
        }
        return events
    }

    /// The content-check error of the only failure among `events`.
    func rejection(in events: [AttachmentResolver.Event]) -> (
        AttachmentResolver.Failure, ImageInspector.VerificationError
    )? {
        let failures = events.compactMap { event -> AttachmentResolver.Failure? in
            if case .failed(let failure) = event { return failure }
            return nil
        }
        guard failures.count == 1, let error = failures[0].reason as? ImageInspector.VerificationError else {
            return nil
        }
        return (failures[0], error)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an HTML page downloaded as a preview is never sent: a failure names the part and says it is no image")
    func downloadedHTMLPreview() async throws {
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        try ResolverChoice.require([ScriptedPart("full"), preview], preview: "preview", original: "full")
        let collected = Task { await resolvedEvents([ScriptedPart("full"), preview], fetchingOriginal: false) }
        await preview.script.attempt(0, before: collected).succeed(html)
        let events = await collected.cancellableValue
        #expect(events.map(\.testDescription) == ["failed preview preview"])
        let (failure, error) = try #require(rejection(in: events))
        #expect(failure.role == .preview)
        guard case .notAnImage(.html, declaredType: .imageJPEGPreview) = error else {
            Issue.record("expected notAnImage(.html), got \(error)")
            return
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a local non-image original is refused, and the local preview is shown instead")
    func localNonImageOriginal() async throws {
        let parts: [any MessagePart] = [
            LocalPart(id: "full", mimeType: .imageJPEG, content: html),
            LocalPart(id: "preview", mimeType: .imageJPEGPreview, content: jpeg),
        ]
        let events = await resolvedEvents(parts)
        #expect(
            events.map(\.testDescription) == [
                "placeholder 640x480", "preview preview", "failed original full",
            ])
        let (_, error) = try #require(rejection(in: events))
        guard case .notAnImage = error else {
            Issue.record("expected notAnImage, got \(error)")
            return
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a decompression bomb (a small PNG that announces 50,000 × 50,000 pixels) is refused before it is shown")
    func decompressionBomb() async throws {
        let full = ScriptedPart("full", mimeType: .imagePNG)
        let collected = Task { await resolvedEvents([full]) }
        await full.script.attempt(0, before: collected).succeed(
            .data(SyntheticImages.png(width: 50_000, height: 50_000)))
        let events = await collected.cancellableValue.filter { if case .progress = $0 { false } else { true } }
        #expect(events.map(\.testDescription) == ["failed original full"])
        let (_, error) = try #require(rejection(in: events))
        guard case .tooManyPixels(let header, limit: ImageInspector.ContentPolicy.defaultMaximumPixelCount) = error
        else {
            Issue.record("expected tooManyPixels, got \(error)")
            return
        }
        #expect(header.pixelCount == 2_500_000_000)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the resolver's policy sets the pixel limit")
    func pixelLimitFromPolicy() async throws {
        let parts = [LocalPart(id: "full", mimeType: .imageJPEG, content: jpeg)]
        let strict = await resolvedEvents(parts, policy: ImageInspector.ContentPolicy(maximumPixelCount: 1000))
        let (_, error) = try #require(rejection(in: strict))
        guard case .tooManyPixels(_, limit: 1000) = error else {
            Issue.record("expected tooManyPixels, got \(error)")
            return
        }
        let lenient = await resolvedEvents(parts).map(\.testDescription)
        #expect(lenient == ["placeholder 640x480", "full full"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a local file that can't be read is refused as an unreadable file")
    func unreadableFile() async throws {
        let missing = FileManager.default.temporaryDirectory
            .appendingPathComponent("AttachmentKit-missing-\(UUID().uuidString).jpg")
        let events = await resolvedEvents([LocalPart(id: "full", mimeType: .imageJPEG, content: .file(missing))])
        let (failure, error) = try #require(rejection(in: events))
        #expect(failure.role == .original)
        guard case .unreadableFile(missing, reason: _) = error else {
            Issue.record("expected unreadableFile, got \(error)")
            return
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a PNG labelled JPEG is sent under the default policy and refused when the policy rejects mismatches")
    func lyingType() async throws {
        let png = PartContent.data(SyntheticImages.png(width: 32, height: 16))
        let parts = [LocalPart(id: "full", mimeType: .imageJPEG, content: png)]
        #expect(await resolvedEvents(parts).map(\.testDescription) == ["placeholder 32x16", "full full"])
        let strict = await resolvedEvents(parts, policy: ImageInspector.ContentPolicy(typeMismatch: .reject))
        let (_, error) = try #require(rejection(in: strict))
        #expect(error == .typeMismatch(declaredType: .imageJPEG, actualFormat: .png))
    }
}
