/// The progress of an ``EncryptedPart``, reported with the encrypted part's id (the
/// ciphertext's download reports its own).
///
/// When the ciphertext is decrypted as it arrives (a ``RemotePart``'s, through `decryptor`),
/// the progress is the download's: `0...n` of the ciphertext's `n` bytes. Otherwise the
/// decryption is a pass of its own after the download, and every ciphertext byte counts twice:
/// the total is `2n`, the download reports `0...n` and the decryption `n...2n`, so
/// ``TransferProgress/fractionCompleted`` reaches one half when the download ends. Either way it
/// never goes back.
final class EncryptedPartProgress: ArrivalObserver {
    private let partID: PartID
    private let observer: any ProgressObserver
    private let decryptor: ArrivalDecryptor?

    init(partID: PartID, observer: any ProgressObserver, decryptor: ArrivalDecryptor? = nil) {
        self.partID = partID
        self.observer = observer
        self.decryptor = decryptor
    }

    /// The decryptor the ciphertext's download feeds, if it decrypts as the bytes arrive.
    var arrivalConsumer: (any ArrivalConsumer)? { decryptor }

    /// The ciphertext's download reached `progress`.
    func transfer(of partID: PartID, didUpdate progress: TransferProgress) {
        let total = decryptor == nil ? progress.totalBytes.flatMap(Self.doubled) : progress.totalBytes
        observer.transfer(
            of: self.partID, didUpdate: TransferProgress(completedBytes: progress.completedBytes, totalBytes: total))
    }

    /// `decrypted` of the ciphertext's `byteCount` bytes are decrypted, in a pass after the download.
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
