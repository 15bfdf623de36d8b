/// Receives the progress of a part's transfer: AttachmentKit's form of LayerKit's
/// `LYRProgressDelegate`.
///
/// A ``MessagePart`` reports raw progress to the observer it is handed in
/// ``MessagePart/downloadContent(reportingTo:)``, from whatever thread its chat SDK uses.
/// AttachmentKit's download machinery observes that, throttles it, and calls the observers an
/// app registers on the executor the app chose (the main actor unless it chose another).
///
/// Observers are held weakly: releasing one stops its callbacks.
public protocol ProgressObserver: AnyObject, Sendable {
    /// The transfer of the part identified by `partID` has reached `progress`.
    func transfer(of partID: PartID, didUpdate progress: TransferProgress)
}
