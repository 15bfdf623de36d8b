import AttachmentKit

/// The seed's image view controller without UIKit: a `@MainActor` class that opens an image,
/// observes its download and swaps the original in. This target exists to compile it in Swift 6
/// language mode with complete checking: no `@preconcurrency`, no `nonisolated`, no
/// `nonisolated(unsafe)`. If the observer API stops being adoptable from the main actor, the
/// package's tests no longer build.
@MainActor
final class ImageViewController: MainActorProgressObserver {
    /// What a progress view would show.
    private(set) var progressShown: [Double] = []
    /// What the image view would show.
    private(set) var shownContent: PartContent?
    /// Why there is no image, when the download failed.
    private(set) var failure: TransferError?
    private var download: PartDownload?

    /// Opens `part`: starts or joins its download at high priority and observes it.
    func open(_ part: any MessagePart, from coordinator: DownloadCoordinator) async {
        let download = await coordinator.download(part, priority: .high)
        self.download = download
        download.addObserver(self)
    }

    /// Stops observing, as `viewDidDisappear` would.
    func close() {
        download?.removeObserver(self)
        download = nil
    }

    func transfer(of partID: PartID, didUpdate progress: TransferProgress) {
        MainActor.preconditionIsolated("AttachmentKit calls a MainActorProgressObserver on the main actor")
        progressShown.append(progress.fractionCompleted ?? 0)
    }

    func transfer(of partID: PartID, didFinishWith result: Result<PartContent, TransferError>) {
        MainActor.preconditionIsolated("AttachmentKit calls a MainActorProgressObserver on the main actor")
        switch result {
        case .success(let content): shownContent = content
        case .failure(let error): failure = error
        }
    }
}
