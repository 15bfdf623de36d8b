import Foundation
import Testing

@testable import AttachmentKit

/// `file://` URLs (opt-in) download like HTTP ones, with ranges and a strong entity tag; and a
/// temporary file an adapter hands back is moved into the store, not copied.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteFileURLTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a file URL downloads into the store, and RemotePart.downloadContent works without a coordinator")
    func fileURL() async throws {
        let source = try StorageTemporaryDirectory("file-source")
        let bytes = RemoteTestContent.png(600_000)
        let url = source.appending("photo.png")
        try bytes.write(to: url)
        let harness = try RemoteTestHarness()
        let part = harness.part(url, mimeType: .imagePNG, sha256: RemoteTestContent.sha256(bytes))
        let stored = try await harness.download(part).get()
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(bytes))
        let direct = try await part.downloadContent(reportingTo: RecordingObserver())
        #expect(RemoteTestContent.contents(direct) == RemoteTestContent.contents(bytes))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("file URLs are refused by the default configuration")
    func fileURLNotAllowedByDefault() async throws {
        let url = URL(fileURLWithPath: "/etc/hostname")
        let part = RemotePart(id: "f", url: url, mimeType: .textPlain)
        await #expect(throws: RemotePartError.schemeNotAllowed(url)) {
            _ = try await part.downloadContent(reportingTo: RecordingObserver())
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a temporary file an adapter hands over is moved into the store and not left behind")
    func handedOverFileIsMoved() async throws {
        let scratch = try StorageTemporaryDirectory("adapter")
        let file = scratch.appending("download.tmp")
        let bytes = RemoteTestContent.bytes(300_000)
        try bytes.write(to: file)
        let harness = try RemoteTestHarness()
        let part = HandingOverPart(id: "adapter", file: file)
        let stored = try await harness.coordinator.content(for: part)
        #expect(RemoteTestContent.contents(stored) == RemoteTestContent.contents(bytes))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(harness.store.usage().byteCount == 300_000)
    }
}

/// An adapter whose download leaves a temporary file that AttachmentKit may take.
private struct HandingOverPart: MessagePart {
    let id: PartID
    let file: URL
    var mimeType: MIMEType { .applicationOctetStream }
    var transferStatus: TransferStatus { .readyForDownload }
    var localContent: PartContent? { nil }
    var handsOverDownloadedFile: Bool { true }

    init(id: PartID, file: URL) {
        self.id = id
        self.file = file
    }

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent { .file(file) }
}
