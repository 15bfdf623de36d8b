import Foundation
import Testing

@testable import AttachmentKit

@Suite("AttachmentResolver.AutoDownloadPolicy and event order", .inTurn)
struct AutoDownloadPolicyTests {
    @Test("the default fetches previews and size parts, not originals")
    func defaults() {
        let policy = AttachmentResolver.AutoDownloadPolicy.default
        #expect(policy.allowsAutomaticDownload(of: ScriptedPart("a", mimeType: .imageJPEGPreview)))
        #expect(policy.allowsAutomaticDownload(of: ScriptedPart("b", mimeType: .imageGIFPreview)))
        #expect(policy.allowsAutomaticDownload(of: ScriptedPart("c", mimeType: .imageSize)))
        #expect(!policy.allowsAutomaticDownload(of: ScriptedPart("d", mimeType: .imageJPEG)))
        #expect(
            !AttachmentResolver.AutoDownloadPolicy.none.allowsAutomaticDownload(
                of: ScriptedPart("e", mimeType: .imageJPEGPreview)))
    }

    @Test("the byte limit applies when the size is known; unknown sizes pass")
    func byteLimit() {
        let policy = AttachmentResolver.AutoDownloadPolicy(mimeTypes: [.imageJPEG], maximumByteCount: 100)
        #expect(policy.allowsAutomaticDownload(of: ScriptedPart("a", byteCount: 100)))
        #expect(!policy.allowsAutomaticDownload(of: ScriptedPart("b", byteCount: 101)))
        #expect(policy.allowsAutomaticDownload(of: ScriptedPart("c", byteCount: nil)))
    }

    @Test("events wait for the placeholder, and nothing of the preview follows the full resolution")
    func sequencer() throws {
        let size = PlaceholderSize(
            displayedSize: PixelSize(width: 1, height: 2), orientation: .up, source: .sizeMetadata)
        let content = TransferFixtures.content("x")
        var sequencer = ResolutionSequencer(step: .awaitingSizePart)
        #expect(sequencer.receive(.preview(content, partID: "p")).isEmpty)
        #expect(sequencer.receive(.progress(.zero(totalBytes: 9), partID: "f")).isEmpty)
        #expect(sequencer.receive(.progress(.zero(totalBytes: 10), partID: "f")).isEmpty)
        let metadata = try ImageSizeMetadata(json: Data(#"{"width":1,"height":2}"#.utf8))
        let released = sequencer.sizePartRead(.success(metadata)).map(\.testDescription)
        #expect(released == ["placeholder 1x2", "preview p", "progress 0/10"])
        #expect(size.displayedSize == PixelSize(width: 1, height: 2))
        #expect(sequencer.receive(.original(content, partID: "f")).count == 1)
        #expect(sequencer.receive(.preview(content, partID: "p")).isEmpty)
        #expect(sequencer.receive(.progress(.zero(totalBytes: 1), partID: "f")).isEmpty)
        #expect(sequencer.sizePartRead(nil).isEmpty)
    }
}
