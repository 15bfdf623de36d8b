/// Where a part's content is, in LayerKit's five transfer states.
///
/// The rule from Atlas: content is local in every state except ``readyForDownload`` and
/// ``downloading``. A part being uploaded was created on this device, so its content is here.
public enum TransferStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// Created on this device and queued for upload: content is local.
    case awaitingUpload
    /// Being uploaded from this device: content is local.
    case uploading
    /// Known to exist on the server but not on this device.
    case readyForDownload
    /// Being downloaded; content is not whole until the transfer completes.
    case downloading
    /// Uploaded or downloaded: content is local.
    case complete

    /// Whether the content of a part in this state is on this device.
    public var isContentLocal: Bool {
        switch self {
        case .awaitingUpload, .uploading, .complete: true
        case .readyForDownload, .downloading: false
        }
    }
}
