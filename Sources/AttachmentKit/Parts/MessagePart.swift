/// One part of a chat message, as AttachmentKit sees it: what an app adapts its chat SDK's
/// part type to.
///
/// An adapter is a few lines. A chat SDK's part class is usually not `Sendable`, so the adapter
/// copies what AttachmentKit reads when it is made, on the main actor, and downloads through an
/// object of the app's that owns the SDK (the snippet `AdaptAChatSDK` builds this one, and
/// <doc:GettingStarted> shows the `@preconcurrency import` alternative). For LayerKit's
/// `LYRMessagePart`:
///
/// <!-- snippet: AdaptAChatSDK -->
/// ```swift
/// struct LayerPart: MessagePart {
///     let id: PartID
///     let mimeType: MIMEType
///     let byteCount: Int64?
///     let transferStatus: TransferStatus
///     let localContent: PartContent?
///     let downloads: LayerDownloads
///
///     /// Copies the part's values on the main actor, where the app reads its LayerKit objects.
///     @MainActor
///     init(_ part: LYRMessagePart, downloads: LayerDownloads) {
///         id = PartID(part.identifier.absoluteString)
///         mimeType = (try? MIMEType(part.MIMEType)) ?? .applicationOctetStream
///         byteCount = Int64(exactly: part.size)
///         transferStatus = TransferStatus(layerKitRawValue: part.transferStatus.rawValue) ?? .readyForDownload
///         localContent = part.fileURL.map(PartContent.file) ?? part.data.map(PartContent.data)
///         self.downloads = downloads
///     }
///
///     func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
///         try await downloads.download(id, reportingTo: observer)
///     }
/// }
/// ```
///
/// Conformers are `Sendable` values; AttachmentKit reads their properties from any thread.
public protocol MessagePart: Identifiable, Sendable where ID == PartID {
    /// The part's stable identity. Downloads are shared and content is stored by it.
    var id: PartID { get }

    /// The part's declared media type.
    var mimeType: MIMEType { get }

    /// The content's size in bytes, when the chat SDK knows it before downloading. The
    /// default is `nil`.
    var byteCount: Int64? { get }

    /// Where the content is: LayerKit's transfer status.
    var transferStatus: TransferStatus { get }

    /// The content the chat SDK holds for this part, if any: a file URL (preferred) or inline
    /// data. AttachmentKit only uses it when ``transferStatus`` says the content is local; see
    /// ``availableContent``.
    var localContent: PartContent? { get }

    /// Downloads the content, reporting progress to `observer` from any thread, and returns it
    /// once it is whole.
    ///
    /// Called by AttachmentKit's download machinery, which makes sure only one download per
    /// ``id`` runs at a time. The download must stop, throwing `CancellationError`, when the
    /// calling task is cancelled. The default implementation returns ``availableContent`` or
    /// throws ``TransferError/notDownloadable(_:)``.
    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent

    /// Whether a file that ``downloadContent(reportingTo:)`` returns is AttachmentKit's to
    /// keep: a temporary file the adapter downloaded to, which the ``DownloadCoordinator``
    /// moves into its store (by rename, without a copy left behind). When `false`, the
    /// default, the file belongs to the chat SDK and the store keeps a copy.
    var handsOverDownloadedFile: Bool { get }

    /// Other renditions of this part's picture that the backend can serve, each with its pixel
    /// size and its own part: server-resized sizes of an original, for example. The resolver
    /// reads them on the original part (see ``AttachmentResolver/Resolution/renditions``);
    /// their order does not matter. The default is none.
    var renditions: [Rendition] { get }

    /// The name of the file the part carries, for a file message's cell (`report.pdf`): the
    /// default is the `name` parameter of ``mimeType`` (`application/pdf; name="report.pdf"`, as
    /// mail and many chat backends send it), or `nil`. A name to show, never a path to write to:
    /// it comes from the sender.
    var fileName: String? { get }
}

extension MessagePart {
    public var byteCount: Int64? { nil }

    public var handsOverDownloadedFile: Bool { false }

    public var renditions: [Rendition] { [] }

    public var fileName: String? { mimeType.parameters["name"] }

    /// The part's content when the status rule says it is local (every ``TransferStatus``
    /// except `readyForDownload` and `downloading`), otherwise `nil`.
    public var availableContent: PartContent? {
        transferStatus.isContentLocal ? localContent : nil
    }

    public func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        guard let content = availableContent else { throw TransferError.notDownloadable(id) }
        return content
    }
}
