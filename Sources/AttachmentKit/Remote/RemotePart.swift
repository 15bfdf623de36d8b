import Foundation

/// A ``MessagePart`` whose content is at a URL: for backends that give attachments as URLs
/// (a CDN link, a signed S3 URL, a Matrix media URL).
///
/// ```swift
/// let photo = RemotePart(
///     id: "msg-42/photo", url: URL(string: "https://cdn.example.com/a/42.jpg")!, mimeType: .imageJPEG,
///     byteCount: 3_912_004, sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
/// let content = try await DownloadCoordinator.shared.content(for: photo)
/// ```
///
/// Its download goes through the ``DownloadCoordinator`` like any other part's (one transfer
/// per id, priorities, retry, progress), streams to the coordinator's store and resumes after a
/// failure or a relaunch; see <doc:RemoteAttachments> for the rules it follows.
public struct RemotePart: MessagePart {
    public let id: PartID
    /// Where the content is.
    public let url: URL
    public let mimeType: MIMEType
    /// The content's size in bytes, when the backend gives it: a response of another length
    /// is refused.
    public let byteCount: Int64?
    /// The image's size, when the backend gives it (for a placeholder before the download).
    public let imageSize: ImageSizeMetadata?
    /// The strong validator (`ETag` or `Last-Modified`) the backend gives for the content, if
    /// any: a kept partial download of another version is discarded rather than resumed.
    public let validator: RemotePart.Validator?
    /// The content's SHA-256 as 64 hexadecimal digits, when the backend gives it: a download
    /// whose digest differs is refused and nothing of it is kept.
    public let sha256: String?
    /// The part's per-request hooks: headers (authorisation) and re-signing.
    public let hooks: RemotePart.Hooks
    /// What downloads the part: its transport and rules.
    public let downloader: RemotePart.Downloader
    /// Smaller renditions the backend serves (see ``rendition(url:pixelSize:mimeType:)``);
    /// none unless set.
    public var renditions: [Rendition] = []

    /// Always ``TransferStatus/readyForDownload``: the content is at the URL until
    /// AttachmentKit keeps it in a store.
    public var transferStatus: TransferStatus { .readyForDownload }
    /// Always `nil`: see ``transferStatus``.
    public var localContent: PartContent? { nil }

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - id: The part's stable identity; its content is stored under it.
    ///   - url: Where the content is. Its scheme must be allowed by the downloader's
    ///     configuration (https only by default).
    ///   - mimeType: The declared media type; an image type makes the download check that the
    ///     bytes are an image.
    ///   - byteCount: The size in bytes, when known.
    ///   - imageSize: The image's size, when known.
    ///   - validator: The content's strong validator, when known.
    ///   - sha256: The content's SHA-256 in hexadecimal, when known.
    ///   - hooks: Headers to add and re-signing; none by default.
    ///   - downloader: What downloads it; ``RemotePart/Downloader/shared`` by default.
    public init(
        id: PartID, url: URL, mimeType: MIMEType, byteCount: Int64? = nil, imageSize: ImageSizeMetadata? = nil,
        validator: RemotePart.Validator? = nil, sha256: String? = nil, hooks: RemotePart.Hooks = RemotePart.Hooks(),
        downloader: RemotePart.Downloader = .shared
    ) {
        self.id = id
        self.url = url
        self.mimeType = mimeType
        self.byteCount = byteCount
        self.imageSize = imageSize
        self.validator = validator
        self.sha256 = sha256
        self.hooks = hooks
        self.downloader = downloader
    }

    /// Downloads the content on its own, into the downloader's scratch store (no resume across
    /// launches), which is removed with the downloader; its timeouts run on the system clock.
    /// Through a ``DownloadCoordinator`` with a file store, the download goes to that store
    /// instead and resumes across launches.
    ///
    /// - Throws: ``RemotePartError``, or `CancellationError` when the calling task is cancelled.
    public func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        try await downloadContent(
            into: nil, key: ContentKey(partID: id), clock: SystemTransferClock(), reportingTo: observer)
    }

    /// The declared SHA-256, parsed.
    func declaredDigest() throws(RemotePartError) -> SHA256Digest? {
        guard let sha256 else { return nil }
        guard let digest = SHA256Digest(hex: sha256.trimmingCharacters(in: .whitespaces)) else {
            throw .invalidDeclaredDigest(sha256)
        }
        return digest
    }
}

extension RemotePart: StoreStreamingPart {
    func downloadContent(
        into store: (any PartialDownloadStore)?, key: ContentKey, clock: any TransferClock,
        reportingTo observer: any ProgressObserver
    ) async throws -> PartContent {
        try downloader.checkScheme(of: url)
        let target: any PartialDownloadStore
        if let store {
            target = store
        } else {
            do {
                target = try downloader.scratchStore()
            } catch {
                throw RemotePartError.storeFailed(error)
            }
        }
        return try await downloader.download(self, into: target, key: key, clock: clock, reportingTo: observer)
    }
}
