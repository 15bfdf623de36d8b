import Foundation

/// Turns a message's parts into what an image cell needs: the preview part, the
/// full-resolution part, the placeholder size, and what is already local.
///
/// ```swift
/// let resolution = AttachmentResolver().resolve(message.parts)
/// if let size = resolution.placeholderSize { cell.aspectRatio = size.aspectRatio }
/// if let preview = resolution.preview?.availableContent { cell.show(preview) }
/// ```
public struct AttachmentResolver: Sendable {
    /// The fallback chains this resolver follows.
    public var policy: ResolutionPolicy
    /// What ``events(for:fetchingFullResolution:priority:)`` fetches without being asked.
    public var autoDownload: AutoDownloadPolicy
    /// Where ``events(for:fetchingFullResolution:priority:)`` downloads: by default the
    /// coordinator every resolver shares, so that a part is fetched once for every screen.
    public var downloads: DownloadCoordinator

    /// Creates a resolver that follows `policy` (Atlas's rules unless given others),
    /// fetches what `autoDownload` allows without being asked, and downloads through
    /// `downloads`.
    public init(
        policy: ResolutionPolicy = .default, autoDownload: AutoDownloadPolicy = .default,
        downloads: DownloadCoordinator = .shared
    ) {
        self.policy = policy
        self.autoDownload = autoDownload
        self.downloads = downloads
    }

    /// Picks the preview, full-resolution and size parts of a message and reads its
    /// placeholder size.
    ///
    /// Parts may come in any order; unknown types are ignored; when two parts have the same
    /// type the first wins. The placeholder size comes from the first local size part
    /// (reading its few bytes); when there is none, or it is not local, or it is malformed
    /// (reported in ``AttachmentResolution/sizeMetadataError``), ``AttachmentResolution/placeholderSize``
    /// is `nil` and the app lays out a default until the preview is here.
    public func resolve(_ parts: [any MessagePart]) -> AttachmentResolution {
        let chain = selectChain(in: parts)
        let fullResolution = chain.flatMap { firstPart(in: parts, matchingAnyOf: $0.fullResolution) }
        let preview = chain.flatMap { firstPart(in: parts, matchingAnyOf: $0.preview) } ?? fullResolution
        let sizePart = firstPart(in: parts, matchingAnyOf: policy.sizeMetadataTypes)
        var placeholder: PlaceholderSize?
        var sizeError: ImageSizeMetadataError?
        if let metadataResult = sizePart.flatMap(Self.readSizeMetadata) {
            switch metadataResult {
            case .success(let metadata):
                placeholder = PlaceholderSize(
                    displayedSize: metadata.displayedSize, orientation: metadata.orientation, source: .sizeMetadata)
            case .failure(let error):
                sizeError = error
            }
        }
        return AttachmentResolution(
            preview: preview, fullResolution: fullResolution, sizeMetadataPart: sizePart,
            placeholderSize: placeholder, sizeMetadataError: sizeError)
    }

    /// Whether the message shows an image under this resolver's policy.
    public func isImageMessage(_ parts: [any MessagePart]) -> Bool {
        selectChain(in: parts) != nil
    }

    /// The first chain whose full-resolution types occur in the message; failing that, the
    /// first whose preview types do.
    private func selectChain(in parts: [any MessagePart]) -> ResolutionPolicy.Chain? {
        policy.chains.first { firstPart(in: parts, matchingAnyOf: $0.fullResolution) != nil }
            ?? policy.chains.first { firstPart(in: parts, matchingAnyOf: $0.preview) != nil }
    }

    /// The first part, by the order of `types` and then by message order, whose type matches.
    private func firstPart(in parts: [any MessagePart], matchingAnyOf types: [MIMEType]) -> (any MessagePart)? {
        for type in types {
            if let part = parts.first(where: { $0.mimeType.matches(type) }) { return part }
        }
        return nil
    }

    /// The size metadata of a local size part, `nil` when its content is not local.
    private static func readSizeMetadata(_ part: any MessagePart) -> Result<ImageSizeMetadata, ImageSizeMetadataError>?
    {
        guard let content = part.availableContent else { return nil }
        do {
            let bytes = try content.bytes()
            return Result { () throws(ImageSizeMetadataError) in try ImageSizeMetadata(json: bytes) }
        } catch {
            return .failure(.malformedJSON(error.description))
        }
    }
}
