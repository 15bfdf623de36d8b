/// A ``MessagePart`` whose content, if any, is already known: for parts an app builds itself
/// (a photo being sent), for tests, and for previews in SwiftUI.
///
/// It cannot download; a part that is not local throws ``TransferError/notDownloadable(_:)``
/// from ``downloadContent(reportingTo:)``.
public struct LocalPart: MessagePart, Hashable {
    public let id: PartID
    public let mimeType: MIMEType
    public let transferStatus: TransferStatus
    public let localContent: PartContent?
    public let byteCount: Int64?

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - id: The part's stable identity.
    ///   - mimeType: Its media type.
    ///   - content: Its content, when the app has it.
    ///   - transferStatus: Its transfer state; `.complete` unless given.
    ///   - byteCount: Its size, when known; taken from inline data when not given.
    public init(
        id: PartID, mimeType: MIMEType, content: PartContent?, transferStatus: TransferStatus = .complete,
        byteCount: Int64? = nil
    ) {
        self.id = id
        self.mimeType = mimeType
        self.transferStatus = transferStatus
        self.localContent = content
        if let byteCount {
            self.byteCount = byteCount
        } else if case .data(let data) = content {
            self.byteCount = Int64(data.count)
        } else {
            self.byteCount = nil
        }
    }
}
