// Adapt a chat SDK's message parts: LayerKit's `LYRMessagePart` here. The SDK's class is not
// `Sendable`, so the adapter copies what AttachmentKit reads when it is made, on the main actor,
// and downloads through a main-actor object that owns the SDK.
import AttachmentKit
import Foundation

// snippet.hide
// Stand-ins for LayerKit, so that the snippet builds without it (the names are LayerKit's).
enum LYRContentTransferStatus: UInt {
    case awaitingUpload, uploading, readyForDownload, downloading, complete
}

final class LYRMessagePart {
    let identifier: URL
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var MIMEType = "image/jpeg"  // LayerKit's name
    var size: UInt64 = 2_048_576
    var transferStatus = LYRContentTransferStatus.readyForDownload
    var fileURL: URL?
    var data: Data?

    init(identifier: URL) { self.identifier = identifier }
}
// snippet.show

/// One LayerKit part as AttachmentKit reads it: a `Sendable` copy of the SDK object's values.
struct LayerPart: MessagePart {
    let id: PartID
    let mimeType: MIMEType
    let byteCount: Int64?
    let transferStatus: TransferStatus
    let localContent: PartContent?
    let downloads: LayerDownloads

    /// Copies the part's values on the main actor, where the app reads its LayerKit objects.
    @MainActor
    init(_ part: LYRMessagePart, downloads: LayerDownloads) {
        id = PartID(part.identifier.absoluteString)
        mimeType = (try? MIMEType(part.MIMEType)) ?? .applicationOctetStream
        byteCount = Int64(exactly: part.size)
        transferStatus = TransferStatus(layerKitRawValue: part.transferStatus.rawValue) ?? .readyForDownload
        localContent = part.fileURL.map(PartContent.file) ?? part.data.map(PartContent.data)
        self.downloads = downloads
    }

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        try await downloads.download(id, reportingTo: observer)
    }
}

/// Owns the app's LayerKit objects on the main actor (a main-actor class is `Sendable`).
@MainActor
final class LayerDownloads {
    /// Downloads a part by its identifier: looks its `LYRMessagePart` up, calls
    /// `downloadContent:`, forwards the progress delegate's callbacks to
    /// `observer.transfer(of:didUpdate:)`, and returns the file once the status is complete.
    func download(_ id: PartID, reportingTo observer: any ProgressObserver) async throws -> PartContent {
        // snippet.hide
        throw TransferError.notDownloadable(id)
        // snippet.show
    }
}
// snippet.hide

let part = LayerPart(
    LYRMessagePart(identifier: URL(fileURLWithPath: "/messages/1/parts/2")), downloads: LayerDownloads())
// part: file:///messages/1/parts/2 image/jpeg readyForDownload
print("part:", part.id, part.mimeType, part.transferStatus)
print("local:", part.availableContent != nil)  // local: false
