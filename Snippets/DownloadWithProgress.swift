// Download a part through a DownloadCoordinator: two callers share one transfer, one of them
// watches throttled progress, and both get the same content.
import AttachmentKit
import Foundation

/// A stand-in for a chat SDK's part: 1 MiB arriving in 64 KiB chunks.
struct SimulatedRemotePart: MessagePart {
    let id: PartID = "photo-original"
    let mimeType: MIMEType = .imageJPEG
    let transferStatus: TransferStatus = .readyForDownload
    let localContent: PartContent? = nil

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        let total: Int64 = 1 << 20
        for received in stride(from: Int64(64 << 10), through: total, by: 64 << 10) {
            try Task.checkCancellation()
            observer.transfer(of: id, didUpdate: TransferProgress(completedBytes: received, totalBytes: total))
            await Task.yield()
        }
        return .data(Data(count: Int(total)))
    }
}

// At most one update per quarter of the download (and, by default, per 50 ms).
let throttle = ProgressThrottle(fractionStep: 0.25, minimumInterval: 0)
let coordinator = DownloadCoordinator(configuration: .init(progressThrottle: throttle))
let part = SimulatedRemotePart()
let cell = await coordinator.download(part, priority: .normal)
let viewer = await coordinator.download(part, priority: .high)  // joins the same transfer
// A UIKit view would call `viewer.addObserver(self)` and hear the same on the main actor.
for await state in viewer.updates() {
    switch state {
    case .downloading(let progress): print("\(Int((progress.fractionCompleted ?? 0) * 100)) %")
    case .completed: print("completed")
    case .failed(let error): print("failed:", error)
    case .idle, .cancelled: break
    }
}
let content = try await viewer.content()
print("same content for both callers:", try await cell.content() == content)  // true
