import Foundation

/// Composes the parts of an outgoing attachment from a file the user picked, reading only its
/// header: the original typed by its bytes, the `application/json+imageSize` part and, where one
/// can be had without decoding the image, a preview.
///
/// ```swift
/// let attachment = try AttachmentComposer().compose(imageAt: photoURL, into: outbox, id: "m1")
/// messageList.append(attachment.parts)   // shown at once, from the local files
/// ```
///
/// The original's type comes from its magic bytes, never from its name: a `.jpg` that holds a
/// PNG goes as `image/png`, and an HTML page or an unknown file is refused with
/// ``AttachmentComposer/Error/notAnImage(_:_:)`` before anything is sent, unless the app
/// sends it as a plain file on purpose with ``composeFile(at:mimeType:id:)``.
///
/// The size part carries the stored pixel size and the orientation, in
/// ``orientationCode`` (by default the `UIImage.Orientation` raw values that
/// ``ImageSizeMetadata/init(json:)`` reads). The preview comes from ``previewSource``: on Apple
/// platforms ImageIO's thumbnail (upright), elsewhere the JPEG's embedded Exif thumbnail, with an
/// Exif orientation written into it so it is turned as the size part says. A PNG, a WebP or a
/// JPEG without a thumbnail goes without a preview on Linux; an app can always hand in its own.
///
/// An animated GIF, APNG or WebP is never turned into a still: the original goes as it is, the
/// size part says `"animated":true`, and a preview, where one is had, is a still JPEG of its
/// first frame. ``AttachmentComposer/OutgoingAttachment/header`` carries the frames and delays
/// (``ImageHeader/animation``), and its ``ImageHeader/isAnimated`` is Matrix's
/// `info.is_animated`.
public struct AttachmentComposer: Sendable {
    /// How the header is read.
    package var inspector: ImageInspector
    /// Where the preview comes from.
    public var previewSource: AttachmentComposer.PreviewSource
    /// The code the size part's `orientation` is written in.
    public var orientationCode: ImageSizeMetadata.OrientationCode
    /// The longest side of an ImageIO preview, in pixels: 512, as Atlas.
    public var maximumPreviewPixelSize: Int
    /// The JPEG quality of an ImageIO preview: 0.5, as Atlas.
    package var previewQuality: Double

    /// Creates a composer.
    public init(
        inspector: ImageInspector = ImageInspector(), previewSource: AttachmentComposer.PreviewSource = .automatic,
        orientationCode: ImageSizeMetadata.OrientationCode = .uiImageOrientation, maximumPreviewPixelSize: Int = 512,
        previewQuality: Double = 0.5
    ) {
        self.inspector = inspector
        self.previewSource = previewSource
        self.orientationCode = orientationCode
        self.maximumPreviewPixelSize = maximumPreviewPixelSize
        self.previewQuality = previewQuality
    }

    /// Composes an image message from the file at `url`, writing the preview and the size part
    /// into `directory` (created if needed); the original stays where it is.
    ///
    /// - Parameters:
    ///   - url: The picked file.
    ///   - directory: Where the small parts are written, as `<id>.preview.jpg` and
    ///     `<id>.imageSize.json`.
    ///   - id: The message's identity; the parts are `<id>/original`, `<id>/preview` and
    ///     `<id>/size`.
    ///   - preview: The app's own preview (`image/jpeg+preview` content), used instead of
    ///     ``previewSource``.
    /// - Throws: ``AttachmentComposer/Error``.
    public func compose(
        imageAt url: URL, into directory: URL, id: String, preview: PartContent? = nil
    ) throws(AttachmentComposer.Error) -> AttachmentComposer.OutgoingAttachment {
        let header = try readHeader(url)
        let byteCount = try Self.size(of: url)
        let original = LocalPart(
            id: PartID("\(id)/original"), mimeType: header.format.mimeType, content: .file(url),
            transferStatus: .awaitingUpload, byteCount: byteCount)
        try Self.createDirectory(directory)
        var metadata: ImageSizeMetadata
        do {
            metadata = try ImageSizeMetadata(
                pixelWidth: Double(header.pixelWidth), pixelHeight: Double(header.pixelHeight),
                orientation: header.orientation)
        } catch {
            throw .unreadableHeader(url, .malformed(header.format, reason: error.description))
        }
        metadata.isAnimated = header.isAnimated
        let json: Data
        do {
            json = try metadata.json(orientationCode: orientationCode)
        } catch {
            throw .orientationNotExpressible(url, error)
        }
        let sizeURL = directory.appendingPathComponent(Self.fileName(id, "imageSize.json"))
        try Self.write(json, to: sizeURL)
        let sizePart = LocalPart(
            id: PartID("\(id)/size"), mimeType: .imageSize, content: .file(sizeURL), transferStatus: .awaitingUpload,
            byteCount: Int64(json.count))
        var previewPart: LocalPart?
        var previewContent = preview
        if previewContent == nil {
            previewContent = try makePreview(of: url, header: header, id: id, directory: directory)
        }
        if let previewContent {
            let previewSize: Int64? = try? previewContent.byteCount()
            previewPart = LocalPart(
                id: PartID("\(id)/preview"), mimeType: .imageJPEGPreview, content: previewContent,
                transferStatus: .awaitingUpload, byteCount: previewSize)
        }
        return AttachmentComposer.OutgoingAttachment(
            original: original, preview: previewPart, sizePart: sizePart, header: header)
    }

    /// Composes a message that sends the file at `url` as it is, whatever its bytes: for files the
    /// app means to send as files (a PDF, an archive, a page). No preview, no size part.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - mimeType: The type to declare; `application/octet-stream` unless given.
    ///   - id: The message's identity; the part is `<id>/original`.
    /// - Throws: ``AttachmentComposer/Error/notAFileURL(_:)`` or
    ///   ``AttachmentComposer/Error/unreadable(_:reason:)``.
    public func composeFile(
        at url: URL, mimeType: MIMEType = .applicationOctetStream, id: String
    ) throws(AttachmentComposer.Error) -> AttachmentComposer.OutgoingAttachment {
        let byteCount = try Self.size(of: url)
        let original = LocalPart(
            id: PartID("\(id)/original"), mimeType: mimeType, content: .file(url), transferStatus: .awaitingUpload,
            byteCount: byteCount)
        return AttachmentComposer.OutgoingAttachment(original: original, preview: nil, sizePart: nil, header: nil)
    }

    private func readHeader(_ url: URL) throws(AttachmentComposer.Error) -> ImageHeader {
        do {
            return try inspector.inspect(fileAt: url)
        } catch {
            switch error {
            case .notAFileURL: throw .notAFileURL(url)
            case .unreadable(_, let reason): throw .unreadable(url, reason: reason)
            case .notAnImage(let content): throw .notAnImage(url, content)
            case .empty: throw .notAnImage(url, .zeros)
            default: throw .unreadableHeader(url, error)
            }
        }
    }

    private func makePreview(
        of url: URL, header: ImageHeader, id: String, directory: URL
    ) throws(AttachmentComposer.Error) -> PartContent? {
        var bytes: Data?
        switch previewSource {
        case .none:
            return nil
        case .automatic:
            #if canImport(ImageIO)
            bytes = ImageIOPreview.preview(
                ofImageAt: url, maximumPixelSize: maximumPreviewPixelSize, quality: previewQuality)
            #endif
            if bytes == nil { bytes = embeddedThumbnail(of: url, header: header) }
        case .embeddedThumbnail:
            bytes = embeddedThumbnail(of: url, header: header)
        }
        guard let bytes else { return nil }
        let previewURL = directory.appendingPathComponent(Self.fileName(id, "preview.jpg"))
        try Self.write(bytes, to: previewURL)
        return .file(previewURL)
    }

    /// The Exif thumbnail of a JPEG, turned (by an Exif tag) as the original is.
    private func embeddedThumbnail(of url: URL, header: ImageHeader) -> Data? {
        guard header.format == .jpeg, let thumbnail = ExifThumbnailReader.thumbnail(inJPEGAt: url),
            (try? inspector.inspect(thumbnail))?.format == .jpeg
        else { return nil }
        return ExifOrientationSegment.inserting(header.orientation, into: thumbnail)
    }

    /// A file name for `id` that stays inside the folder whatever `id` holds.
    static func fileName(_ id: String, _ suffix: String) -> String {
        let safe = id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
        return String(safe.prefix(100)) + "." + suffix
    }

    private static func size(of url: URL) throws(AttachmentComposer.Error) -> Int64 {
        do {
            return try PartContent.file(url).byteCount()
        } catch {
            switch error {
            case .notAFileURL: throw .notAFileURL(url)
            case .unreadable(_, let reason): throw .unreadable(url, reason: reason)
            }
        }
    }

    private static func createDirectory(_ directory: URL) throws(AttachmentComposer.Error) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(directory, reason: error.localizedDescription)
        }
    }

    private static func write(_ data: Data, to url: URL) throws(AttachmentComposer.Error) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(url, reason: error.localizedDescription)
        }
    }
}
