/// Receives the progress of a part's transfer on the main actor: the ``ProgressObserver`` a
/// view controller adopts.
///
/// Its requirements are isolated to the main actor, so a `@MainActor` class (every
/// `UIViewController`, `NSViewController` and SwiftUI model) conforms in Swift 6 language mode
/// as it is: no `@preconcurrency`, no `nonisolated` methods, no warnings. AttachmentKit calls it
/// on the main actor, in order, and holds it weakly.
///
/// ```swift
/// final class ImageViewController: UIViewController, MainActorProgressObserver {
///     func show(_ download: PartDownload) {
///         download.addObserver(self)
///     }
///
///     func transfer(of partID: PartID, didUpdate progress: TransferProgress) {
///         progressView.progress = Float(progress.fractionCompleted ?? 0)
///     }
///
///     func transfer(of partID: PartID, didFinishWith result: Result<PartContent, TransferError>) {
///         progressView.isHidden = true
///     }
/// }
/// ```
///
/// It gets what a ``ProgressObserver`` gets: the current progress at once, throttled progress
/// after that (see ``TransferProgress/Throttle``), the final 100 % when the content arrives, and then
/// exactly one ``transfer(of:didFinishWith:)``; nothing after it, nor after
/// ``PartDownload/removeObserver(_:)-(MainActorProgressObserver)`` returns.
@MainActor
public protocol MainActorProgressObserver: AnyObject, Sendable {
    /// The transfer of the part identified by `partID` has reached `progress`.
    func transfer(of partID: PartID, didUpdate progress: TransferProgress)

    /// The transfer of the part identified by `partID` is over: its content, or why there is
    /// none (``TransferError/cancelled(_:)`` when the caller left). The last callback an
    /// observer gets. The default implementation does nothing.
    func transfer(of partID: PartID, didFinishWith result: Result<PartContent, TransferError>)
}

extension MainActorProgressObserver {
    /// Does nothing, so that an observer that only shows progress needs one method.
    public func transfer(of partID: PartID, didFinishWith result: Result<PartContent, TransferError>) {}
}
