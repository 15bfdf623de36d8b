// Download a part through a DownloadCoordinator: two callers share one transfer, one of them
// watches throttled progress, and both get the same content.
import AttachmentKit
import Foundation

/// A stand-in for a chat SDK's part: 1 MiB arriving in 64 KiB chunks, once the network is
/// "connected" (so that this example is watching before the first byte arrives).
struct SimulatedRemotePart: MessagePart {
    let id: PartID = "photo-original"
    let mimeType: MIMEType = .imageJPEG
    let transferStatus: TransferStatus = .readyForDownload
    let byteCount: Int64? = 1 << 20
    let localContent: PartContent? = nil
    let connected = AsyncStream.makeStream(of: Void.self)

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        for await _ in connected.stream { break }
        let byteCount = 1 << 20
        let total = Int64(byteCount)
        for received in stride(from: Int64(64 << 10), through: total, by: 64 << 10) {
            try Task.checkCancellation()
            observer.transfer(of: id, didUpdate: TransferProgress(completedBytes: received, totalBytes: total))
            await Task.yield()
        }
        return .data(Data(count: byteCount))
    }
}

// One update per quarter of the download: no time limit, so every quarter is printed.
let throttle = TransferProgress.Throttle(fractionStep: 0.25, minimumInterval: 0)
let coordinator = DownloadCoordinator(configuration: .init(progressThrottle: throttle))
let part = SimulatedRemotePart()
let cell = await coordinator.download(part, priority: .normal)
let viewer = await coordinator.download(part, priority: .high)  // joins the same transfer
// A view controller adopts MainActorProgressObserver and calls `viewer.addObserver(self)`.
let updates = viewer.updates()  // watching from now on
part.connected.continuation.yield()  // the bytes start to arrive
for await state in updates {
    switch state {
    case .downloading(let progress): print("\(Int((progress.fractionCompleted ?? 0) * 100)) %")
    case .completed: print("completed")
    case .failed(let error): print("failed:", error)
    case .idle, .cancelled: break
    }
}
// Prints 0 % (the transfer's state when `updates()` was called), 25 %, 50 %, 75 %, 100 % and
// "completed", every time: nothing arrives before the watching starts.
let content = try await viewer.content()
print("same content for both callers:", try await cell.content() == content)  // true
