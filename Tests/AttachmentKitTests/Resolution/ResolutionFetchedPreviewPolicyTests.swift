import Foundation
import Testing

@testable import AttachmentKit

/// A preview the events fetch (not one that is local) is checked under the resolver's own
/// ``AttachmentResolver/contentPolicy``, as local content is: its pixel limit and its handling of
/// a mislabelled type.
@Suite(
    "AttachmentResolver events check a fetched preview under the resolver's content policy", SuiteTimeLimit.minutes(2),
    .inTurn)
struct ResolutionFetchedPreviewPolicyTests {
    /// The events of a message whose only part is a preview fetched automatically with `content`.
    private func events(previewContent content: PartContent, policy: ImageInspector.ContentPolicy) async
        -> [AttachmentResolver.Event]
    {
        let preview = ScriptedPart(
            "preview", mimeType: .imageJPEGPreview, script: DownloadScript(automatic: .init(content: content, steps: 1))
        )
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator(), contentPolicy: policy)
        var events: [AttachmentResolver.Event] = []
        for await event in resolver.events(for: [preview]) { events.append(event) }
        return events
    }

    /// The content-check error of the preview's failure among `events`, when that is all there is.
    private func previewRejection(in events: [AttachmentResolver.Event]) -> ImageInspector.VerificationError? {
        guard events.count == 1, case .failed(let failure) = events[0], failure.role == .preview else { return nil }
        return failure.reason as? ImageInspector.VerificationError
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a fetched preview over the resolver's pixel limit is refused, not sent")
    func pixelLimit() async throws {
        let jpeg = PartContent.data(SyntheticImages.jpeg(width: 640, height: 480))
        let strict = await events(previewContent: jpeg, policy: ImageInspector.ContentPolicy(maximumPixelCount: 1000))
        let error = try #require(previewRejection(in: strict), "events: \(strict.map(\.testDescription))")
        guard case .tooManyPixels(_, limit: 1000) = error else {
            Issue.record("expected tooManyPixels under the limit of 1000, got \(error)")
            return
        }
        let lenient = await events(previewContent: jpeg, policy: .default)
        #expect(lenient.map(\.testDescription) == ["placeholder 640x480", "preview preview"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a fetched PNG labelled as a JPEG preview is refused when the resolver rejects mismatches")
    func typeMismatch() async throws {
        let png = PartContent.data(SyntheticImages.png(width: 32, height: 16))
        let strict = await events(previewContent: png, policy: ImageInspector.ContentPolicy(typeMismatch: .reject))
        let error = try #require(previewRejection(in: strict), "events: \(strict.map(\.testDescription))")
        #expect(error == .typeMismatch(declaredType: .imageJPEGPreview, actualFormat: .png))
    }
}
