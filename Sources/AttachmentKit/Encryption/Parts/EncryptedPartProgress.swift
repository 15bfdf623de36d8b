/// The progress of an ``EncryptedPart``: its download, then its decryption, as one fraction.
///
/// Every ciphertext byte counts twice, once downloaded and once decrypted: the total is twice
/// the ciphertext's length, the download reports `0...n` of `2n` and the decryption `n...2n`,
/// so ``TransferProgress/fractionCompleted`` runs from 0 to 0.5 while the ciphertext arrives and
/// on to 1 while it is decrypted, and never goes back. The reports carry the encrypted part's
/// id (the ciphertext's download reports its own).
final class EncryptedPartProgress: ProgressObserver {
    private let partID: PartID
    private let observer: any ProgressObserver

    init(partID: PartID, observer: any ProgressObserver) {
        self.partID = partID
        self.observer = observer
    }

    /// The ciphertext's download reached `progress`.
    func transfer(of partID: PartID, didUpdate progress: TransferProgress) {
        observer.transfer(
            of: self.partID,
            didUpdate: TransferProgress(
                completedBytes: progress.completedBytes, totalBytes: progress.totalBytes.flatMap(Self.doubled)))
    }

    /// `decrypted` of the ciphertext's `byteCount` bytes are decrypted.
    func decrypted(_ decrypted: Int64, of byteCount: Int64) {
        observer.transfer(
            of: partID,
            didUpdate: TransferProgress(completedBytes: byteCount &+ decrypted, totalBytes: Self.doubled(byteCount)))
    }

    /// Twice `count`, or `nil` (an unknown total) past `Int64.max`.
    private static func doubled(_ count: Int64) -> Int64? {
        let (doubled, overflow) = count.multipliedReportingOverflow(by: 2)
        return overflow ? nil : doubled
    }
}
