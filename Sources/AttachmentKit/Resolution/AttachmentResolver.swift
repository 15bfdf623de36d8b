import Foundation

/// Turns a message's parts into what an image cell needs: the preview part, the
/// original part, the placeholder size, and what is already local.
///
/// ```swift
/// let resolution = AttachmentResolver().resolve(message.parts)
/// if let size = resolution.placeholderSize { cell.aspectRatio = size.aspectRatio }
/// if let preview = resolution.preview?.availableContent { cell.show(preview) }
/// ```
public struct AttachmentResolver: Sendable {
    /// The fallback chains this resolver follows.
    public var policy: AttachmentResolver.Policy
    /// What ``events(for:displayedPixelSize:fetchingOriginal:priority:)`` fetches without being asked.
    public var autoDownload: AttachmentResolver.AutoDownloadPolicy
    /// Where ``events(for:displayedPixelSize:fetchingOriginal:priority:)`` downloads: by default the
    /// coordinator every resolver shares, so that a part is fetched once for every screen.
    public var downloads: DownloadCoordinator
    /// What ``events(for:displayedPixelSize:fetchingOriginal:priority:)`` accepts as an image: every preview
    /// and original content, local or downloaded, is checked under it before it is sent
    /// (see <doc:InspectingImages>).
    public var contentPolicy: ImageInspector.ContentPolicy

    /// Creates a resolver that follows `policy` (Atlas's rules unless given others),
    /// fetches what `autoDownload` allows without being asked, downloads through
    /// `downloads`, and checks content under `contentPolicy`.
    public init(
        policy: AttachmentResolver.Policy = .default, autoDownload: AttachmentResolver.AutoDownloadPolicy = .default,
        downloads: DownloadCoordinator = .shared, contentPolicy: ImageInspector.ContentPolicy = .default
    ) {
        self.policy = policy
        self.autoDownload = autoDownload
        self.downloads = downloads
        self.contentPolicy = contentPolicy
    }

    /// Picks the preview, original and size parts of a message and reads its
    /// placeholder size.
    ///
    /// Parts may come in any order; unknown types are ignored; when two parts have the same
    /// type the first wins. Resolving stays synchronous: it reads the size part's few bytes and
    /// at most a few kilobytes of one local image's header (see ``ImageInspector``).
    ///
    /// The placeholder size follows these rules (see <doc:InspectingImages>):
    /// - The size part (the first local one) gives the size when it is usable, its
    ///   `orientation` read in the policy's ``AttachmentResolver/Policy/sizePartOrientationCode``; a
    ///   malformed one is reported in ``AttachmentResolver/Resolution/sizeMetadataError``. Without one, the
    ///   ``RemotePart/imageSize`` a remote original part (or else preview) declares
    ///   takes its place, with source ``PlaceholderSize/Source/sizeMetadata``.
    /// - The header of a local image is read too: the original part's when it is local
    ///   (its header has the original's own orientation), otherwise the preview's. It is kept
    ///   in ``AttachmentResolver/Resolution/imageHeader``, or its error in
    ///   ``AttachmentResolver/Resolution/imageHeaderError``.
    /// - With no usable size part, the header's displayed size is the placeholder, with source
    ///   ``PlaceholderSize/Source/imageHeader(_:)``.
    /// - With both, the size part's displayed aspect is checked against the header's. Atlas
    ///   previews have the orientation baked into their pixels while the size part keeps the
    ///   original's orientation, so the comparison is between displayed sizes, never between
    ///   orientations. When only the size part's width and height swapped agree with the header
    ///   (a sender that wrote the already-turned size), they are swapped. The orientation is the
    ///   original's header's when the original is local, the size part's otherwise.
    /// - With neither, ``AttachmentResolver/Resolution/placeholderSize`` is `nil`: lay out a default until
    ///   the preview is here.
    ///
    /// A video message (a chain of ``AttachmentResolver/Kind/video``, such as ``AttachmentResolver/Policy/Chain/video``)
    /// has its poster as the ``AttachmentResolver/Resolution/preview`` (never the video itself) and the
    /// video as the ``AttachmentResolver/Resolution/original``. Its placeholder is the size part's;
    /// without a size part, the header of the video when it is local (``ISOMediaInspector``:
    /// display size with the rotation applied; source ``PlaceholderSize/Source/videoHeader(_:)``);
    /// without either, the poster's header's. Its ``PlaceholderSize/video`` is never `nil`: the
    /// size part's `duration`, or the local header's when the size part has none, and the
    /// header's rotation (the rule ``PlaceholderSize/VideoDetails`` documents). A remote video's header is read
    /// by ``events(for:displayedPixelSize:fetchingOriginal:priority:)``, which is asynchronous.
    ///
    /// A voice message (a chain of ``AttachmentResolver/Kind/audio``, such as ``AttachmentResolver/Policy/Chain/voice``)
    /// has the audio as its full resolution and no preview; its placeholder carries
    /// ``PlaceholderSize/voice``: the size part's duration and waveform (``VoiceDetails``), or
    /// without a local size part the duration of the local audio's header.
    ///
    /// A file message (no chain matches, and a part's type is neither a size type nor one of
    /// ``AttachmentResolver/Policy/nonFileTypes``) has that part as its original and no preview:
    /// show its ``MessagePart/fileName``, ``MessagePart/mimeType`` and ``MessagePart/byteCount``.
    public func resolve(_ parts: [any MessagePart]) -> AttachmentResolver.Resolution {
        let chain = selectChain(in: parts)
        let kind = chain?.kind ?? (filePart(in: parts) != nil ? .file : nil)
        let original =
            if let chain { firstPart(in: parts, matchingAnyOf: chain.original) } else { filePart(in: parts) }
        let ownPreview = chain.flatMap { firstPart(in: parts, matchingAnyOf: $0.preview) }
        let preview = kind == .image ? ownPreview ?? original : ownPreview
        let sizePart = firstPart(in: parts, matchingAnyOf: policy.sizeMetadataTypes)
        let metadataResult =
            kind == .audio ? nil : sizePart.flatMap { Self.readSizeMetadata($0, in: policy.sizePartOrientationCode) }
        // A size part that is here comes first; then the size a remote part declares.
        let metadata = (try? metadataResult?.get()) ?? Self.declaredImageSize(of: [original, preview])
        let sizes =
            switch kind {
            case .video?: VideoPlaceholderReader().read(metadata: metadata, video: original, poster: preview)
            case .file?: PlaceholderSizeReader().read(metadata: metadata, preview: nil, original: nil)
            case .audio?: VoicePlaceholderReader.read(sizePart: sizePart, audio: original)
            case .image?, nil:
                PlaceholderSizeReader().read(metadata: metadata, preview: preview, original: original)
            }
        var sizeError = kind == .audio ? sizes.sizePartError : nil
        if case .failure(let error)? = metadataResult { sizeError = error }
        let hashPart = PlaceholderHashPart.read(parts)
        var resolution = AttachmentResolver.Resolution(
            preview: preview, original: original, sizeMetadataPart: sizePart,
            placeholderSize: sizes.placeholderSize?.filling(from: hashPart?.hashes), sizeMetadataError: sizeError,
            imageHeader: sizes.imageHeader, imageHeaderError: sizes.imageHeaderError)
        resolution.placeholderHashPart = hashPart
        resolution.kind = kind
        if kind == .image { resolution.renditions = RenditionChain.renditions(of: resolution) }
        return resolution
    }

    /// Whether the message shows an image under this resolver's policy (a chain of
    /// ``AttachmentResolver/Kind/image`` matches it).
    public func isImageMessage(_ parts: [any MessagePart]) -> Bool {
        selectChain(in: parts)?.kind == .image
    }

    /// The part a message without a chain carries as a file: the first whose type is neither a
    /// size type nor one of ``AttachmentResolver/Policy/nonFileTypes``.
    private func filePart(in parts: [any MessagePart]) -> (any MessagePart)? {
        let ignored = policy.sizeMetadataTypes + policy.nonFileTypes
        return parts.first { part in !ignored.contains { part.mimeType.matches($0) } }
    }

    /// The first chain whose original types occur in the message; failing that, the
    /// first whose preview types do.
    private func selectChain(in parts: [any MessagePart]) -> AttachmentResolver.Policy.Chain? {
        policy.chains.first { firstPart(in: parts, matchingAnyOf: $0.original) != nil }
            ?? policy.chains.first { firstPart(in: parts, matchingAnyOf: $0.preview) != nil }
    }

    /// The first part, by the order of `types` and then by message order, whose type matches.
    private func firstPart(in parts: [any MessagePart], matchingAnyOf types: [MIMEType]) -> (any MessagePart)? {
        for type in types {
            if let part = parts.first(where: { $0.mimeType.matches(type) }) { return part }
        }
        return nil
    }

    /// The image size the first of `parts` that is a ``RemotePart`` with an
    /// ``RemotePart/imageSize`` declares.
    static func declaredImageSize(of parts: [(any MessagePart)?]) -> ImageSizeMetadata? {
        parts.lazy.compactMap { ($0 as? RemotePart)?.imageSize }.first
    }

    /// The size metadata of a local size part whose `orientation` is written in `code`, `nil`
    /// when its content is not local.
    static func readSizeMetadata(_ part: any MessagePart, in code: ImageSizeMetadata.OrientationCode) -> Result<
        ImageSizeMetadata, ImageSizeMetadata.Error
    >? {
        guard let content = part.availableContent else { return nil }
        do {
            let bytes = try content.bytes()
            return Result { () throws(ImageSizeMetadata.Error) in
                try ImageSizeMetadata(json: bytes, orientationCode: code)
            }
        } catch {
            return .failure(.malformedJSON(error.description))
        }
    }
}
