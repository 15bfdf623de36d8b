extension TransferStatus {
    /// The status for a raw value of LayerKit's `LYRContentTransferStatus`, so that an adapter
    /// needs no `switch` over the SDK's enum:
    /// `TransferStatus(layerKitRawValue: part.transferStatus.rawValue)` (an `NSUInteger`, `UInt`
    /// in Swift; any integer type is accepted).
    ///
    /// LayerKit numbers its states in the order of this enum's cases: 0 `awaitingUpload`,
    /// 1 `uploading`, 2 `readyForDownload`, 3 `downloading`, 4 `complete`. Any other value
    /// gives `nil`; an adapter that must answer should treat it as ``readyForDownload``, which
    /// claims nothing is local.
    public init?(layerKitRawValue rawValue: some BinaryInteger) {
        switch Int(exactly: rawValue) {
        case 0: self = .awaitingUpload
        case 1: self = .uploading
        case 2: self = .readyForDownload
        case 3: self = .downloading
        case 4: self = .complete
        default: return nil
        }
    }
}
