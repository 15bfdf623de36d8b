/// Receives the progress of a part's transfer: AttachmentKit's form of LayerKit's
/// `LYRProgressDelegate`.
///
/// A ``MessagePart`` reports raw progress to the observer it is handed in
/// ``MessagePart/downloadContent(reportingTo:)``, from whatever thread its chat SDK uses.
/// AttachmentKit's download machinery observes that, throttles it, and calls the observers an
/// app registers with ``PartDownload/addObserver(_:on:)`` on the actor the app chose (the main
/// actor unless it chose another), one callback at a time, in order.
///
/// A `@MainActor` class (a view controller, a SwiftUI model) can't adopt this protocol: its
/// requirements are not isolated, and Swift 6 refuses a main-actor method in their place.
/// Adopt ``MainActorProgressObserver`` instead, the same callbacks isolated to the main actor,
/// and register it with ``PartDownload/addObserver(_:)``.
///
/// Observers are held weakly: releasing one stops its callbacks. A registered observer gets
/// the current progress at once, throttled progress after that (see ``TransferProgress/Throttle``),
/// the final 100 % when the content arrives, and then exactly one
/// ``transfer(of:didFinishWith:)``; nothing after it.
public protocol ProgressObserver: AnyObject, Sendable {
    /// The transfer of the part identified by `partID` has reached `progress`.
    func transfer(of partID: PartID, didUpdate progress: TransferProgress)

    /// The transfer of the part identified by `partID` is over: its content, or why there is
    /// none (``TransferError/cancelled(_:)`` when the caller left). The last callback an
    /// observer gets. The default implementation does nothing.
    func transfer(of partID: PartID, didFinishWith result: Result<PartContent, TransferError>)
}

extension ProgressObserver {
    /// Does nothing, so that an observer that only shows progress needs one method.
    public func transfer(of partID: PartID, didFinishWith result: Result<PartContent, TransferError>) {}
}
