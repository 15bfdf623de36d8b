import AttachmentKit
import Foundation
import Testing

/// A part whose download reports half of its bytes, then waits until the test releases it.
private struct GatedPart: MessagePart {
    let id: PartID = "photo"
    let mimeType = MIMEType.imageJPEG
    let transferStatus = TransferStatus.readyForDownload
    let byteCount: Int64? = 4
    let localContent: PartContent? = nil
    let gate = AsyncStream.makeStream(of: Void.self)

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        observer.transfer(of: id, didUpdate: TransferProgress(completedBytes: 2, totalBytes: 4))
        for await _ in gate.stream { break }
        return .data(Data("JPEG".utf8))
    }
}

/// Waits, on the main actor, until `condition` holds, yielding between checks; gives up when
/// the test is cancelled (its time limit).
@MainActor
private func waitUntil(_ condition: () -> Bool) async {
    while !condition(), !Task.isCancelled { await Task.yield() }
}

@MainActor
@Suite("A @MainActor view controller observes its download")
struct ImageViewControllerTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("it hears the progress and the content on the main actor", .timeLimit(.minutes(1)))
    func observes() async throws {
        let coordinator = DownloadCoordinator(
            configuration: DownloadCoordinator.Configuration(progressThrottle: .none))
        let controller = ImageViewController()
        let part = GatedPart()
        await controller.open(part, from: coordinator)
        await waitUntil { controller.progressShown.contains(0.5) }
        #expect(controller.shownContent == nil)
        part.gate.continuation.yield()
        await waitUntil { controller.shownContent != nil || controller.failure != nil }
        #expect(controller.shownContent == .data(Data("JPEG".utf8)))
        #expect(controller.progressShown.last == 1)
    }
}
