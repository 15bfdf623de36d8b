// An image view that downloads a part through a DownloadCoordinator and shows its progress, as
// in the "Download Lifecycle" article. Built on Apple platforms only (UIKit); on Linux the file
// is empty.
#if canImport(UIKit) && !os(watchOS)
import AttachmentKit
import UIKit

/// Shows one part's image, with the download's progress in a bar.
final class AttachmentImageView: UIImageView, MainActorProgressObserver {
    private let progressBar = UIProgressView(progressViewStyle: .bar)

    func show(_ part: any MessagePart, using coordinator: DownloadCoordinator) async throws {
        let download = await coordinator.download(part, priority: .high)
        download.addObserver(self)  // callbacks on the main actor
        let content = try await download.content()
        image = UIImage(data: try content.bytes())
    }

    // MainActorProgressObserver's methods are isolated to the main actor, as the view is.
    func transfer(of partID: PartID, didUpdate progress: TransferProgress) {
        progressBar.progress = Float(progress.fractionCompleted ?? 0)  // nil: total size unknown
    }
}
#endif
