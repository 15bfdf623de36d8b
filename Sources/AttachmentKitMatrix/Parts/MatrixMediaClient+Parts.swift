import AttachmentKit
import Foundation

extension MatrixMediaClient {
    /// The parts of a media message, for `AttachmentResolver` with `AttachmentResolver.Policy.matrix`,
    /// the loaders and the prefetcher, as they handle any parts.
    ///
    /// In this order, those there are:
    /// - the media (`url` or `file`) as the original: a `RemotePart` with the content URI as its
    ///   identity, or an `EncryptedPart` checked against its hash before it is decrypted; typed
    ///   by `info.mimetype` (an image alias such as `image/jpg` made canonical) with the file's
    ///   name as its `name` parameter, `application/octet-stream` when the type is missing;
    /// - for an image or a video, the thumbnail (`thumbnail_url` or `thumbnail_file`) as the
    ///   preview, typed `<thumbnail_info.mimetype>+preview`;
    /// - a local `application/json+imageSize` part from `info.w`, `info.h` (the displayed size),
    ///   the BlurHash, `is_animated` (`ImageSizeMetadata.isAnimated`) and a video's duration,
    ///   when `w` and `h` are given; for an `m.audio`, from its voice fields (or `info.duration`):
    ///   `VoiceDetails`, which the resolver shows as `PlaceholderSize.voice`;
    /// - the caption (`body` when `filename` differs) as a `text/plain` part.
    ///
    /// A plain image of a type the server thumbnails (JPEG, PNG, WebP, GIF) with a known size,
    /// not `is_animated` (those thumbnails are stills), offers the server's thumbnails at ``thumbnailSizes`` as renditions of its original
    /// (`MessagePart.renditions`), each sized as the server scales it; the uploaded
    /// thumbnail is offered at `thumbnail_info`'s size. Every request is authorised as
    /// ``MatrixMediaClient`` says, after the check of ``authenticatedMediaIsSupported()``.
    public func parts(for content: MatrixMediaContent) -> [any MessagePart] {
        let hooks = RemotePart.Hooks(headers: { [self] url in
            try await requireAuthenticatedMedia()
            return authorization(for: url)
        })
        let type = Self.originalType(of: content)
        var parts: [any MessagePart] = []
        var preview: (any MessagePart)?
        if content.messageType == .image || content.messageType == .video, let thumbnail = content.thumbnail {
            let previewType = (thumbnail.mimeType ?? .imageJPEG).essenceType.previewVariant
            preview = part(for: thumbnail.source, mimeType: previewType, byteCount: thumbnail.byteCount, hooks: hooks)
        }
        switch content.source {
        case .plain(let uri):
            var original = RemotePart(
                id: PartID(uri.description), url: downloadURL(for: uri), mimeType: type, byteCount: content.byteCount,
                hooks: hooks, downloader: downloader)
            original.renditions = renditions(of: original, at: uri, content: content, preview: preview)
            parts.append(original)
        case .encrypted:
            parts.append(part(for: content.source, mimeType: type, byteCount: content.byteCount, hooks: hooks))
        }
        let originalID = parts[0].id
        if let preview { parts.append(preview) }
        if let sizeJSON = Self.sizeJSON(of: content) {
            parts.append(
                LocalPart(id: PartID("\(originalID.rawValue)#size"), mimeType: .imageSize, content: .data(sizeJSON)))
        }
        if let caption = content.caption {
            parts.append(
                LocalPart(
                    id: PartID("\(originalID.rawValue)#caption"), mimeType: .textPlain,
                    content: .data(Data(caption.utf8))))
        }
        return parts
    }

    /// A part that downloads `source`: a `RemotePart` named by its content URI, or an
    /// `EncryptedPart`.
    private func part(
        for source: MatrixMediaContent.Source, mimeType: MIMEType, byteCount: Int64?, hooks: RemotePart.Hooks
    ) -> any MessagePart {
        switch source {
        case .plain(let uri):
            RemotePart(
                id: PartID(uri.description), url: downloadURL(for: uri), mimeType: mimeType, byteCount: byteCount,
                hooks: hooks, downloader: downloader)
        case .encrypted(let file, let uri):
            EncryptedPart(
                url: downloadURL(for: uri), encryptedFile: file, mimeType: mimeType, byteCount: byteCount, hooks: hooks,
                downloader: downloader)
        }
    }

    /// The uploaded thumbnail at its displayed size, and the server's thumbnails of a plain image.
    private func renditions(
        of original: RemotePart, at uri: MatrixContentURI, content: MatrixMediaContent, preview: (any MessagePart)?
    ) -> [Rendition] {
        var renditions: [Rendition] = []
        if let preview, let size = content.thumbnail?.displayedSize, !size.isEmpty {
            renditions.append(Rendition(pixelSize: size, part: preview))
        }
        // The server's thumbnail of an animated image is a still: the original is shown instead.
        guard content.messageType == .image, content.isAnimated != true,
            let (width, height) = content.displayedSize.flatMap(ContentFields.dimensions),
            let format = ImageFormat(mimeType: original.mimeType), let thumbnailType = Self.thumbnailType(of: format)
        else { return renditions }
        for box in thumbnailSizes {
            let (scaledWidth, scaledHeight) = Self.scaled(width: width, height: height, into: box)
            // A box the original fits in gives the original again: no rendition.
            guard scaledWidth < width || scaledHeight < height else { continue }
            renditions.append(
                original.rendition(
                    url: thumbnailURL(for: uri, size: box),
                    pixelSize: PixelSize(width: CGFloat(scaledWidth), height: CGFloat(scaledHeight)),
                    mimeType: thumbnailType))
        }
        return renditions
    }

    /// The size the server scales a `width` × `height` picture to in `box`: Synapse's
    /// `Thumbnailer.aspect`, then never larger than the original.
    static func scaled(width: Int, height: Int, into box: PixelSize) -> (Int, Int) {
        let (w, h) = (Int64(width), Int64(height))
        let box = Self.box(box)
        let (boxWidth, boxHeight) = (Int64(box.width), Int64(box.height))
        let fitted: (Int64, Int64) =
            boxWidth * h < boxHeight * w
            ? (boxWidth, max(boxWidth * h / w, 1)) : (max(boxHeight * w / h, 1), boxHeight)
        return (Int(min(w, fitted.0)), Int(min(h, fitted.1)))
    }

    /// The type of the server's thumbnails of `format`, or `nil` when it makes none: JPEG for
    /// JPEG and WebP, PNG for PNG and GIF (Synapse's `THUMBNAIL_SUPPORTED_MEDIA_FORMAT_MAP`).
    static func thumbnailType(of format: ImageFormat) -> MIMEType? {
        switch format {
        case .jpeg, .webp: .imageJPEG
        case .png, .gif: .imagePNG
        default: nil
        }
    }

    /// The original's type: `info.mimetype` without parameters (an image alias made canonical),
    /// with the file's name as its `name` parameter; `application/octet-stream` when missing.
    static func originalType(of content: MatrixMediaContent) -> MIMEType {
        guard let declared = content.mimeType?.essenceType else { return .applicationOctetStream }
        let type = ImageFormat(mimeType: declared)?.mimeType ?? declared
        return (try? MIMEType(type: type.type, subtype: type.subtype, parameters: ["name": content.displayedFileName]))
            ?? type
    }

    /// The size part's JSON, or `nil` when `info` gives nothing to show before the media: for an
    /// `m.audio`, the duration and waveform as `VoiceDetails` writes them (the voice fields first,
    /// else `info.duration`); otherwise the displayed size (orientation up), the BlurHash,
    /// `animated` and a video's duration, when `w` and `h` are given.
    private static func sizeJSON(of content: MatrixMediaContent) -> Data? {
        if content.messageType == .audio {
            var details = content.voice ?? VoiceDetails()
            if details.duration == nil { details.duration = content.duration.map { Double($0) / 1000 } }
            return details == VoiceDetails() ? nil : details.sizePartJSON()
        }
        guard let (width, height) = content.displayedSize.flatMap(ContentFields.dimensions) else { return nil }
        var fields: [String: JSONValue] = ["width": .integer(Int64(width)), "height": .integer(Int64(height))]
        if let blurHash = content.blurHash { fields["blurhash"] = .string(blurHash.string) }
        if content.isAnimated == true { fields["animated"] = .bool(true) }
        if content.messageType == .video, let duration = content.duration {
            fields["duration"] = .number(Double(duration) / 1000)
        }
        return JSONValue.object(fields).data
    }
}

extension MIMEType {
    /// The type without its parameters.
    var essenceType: MIMEType { (try? MIMEType(type: type, subtype: subtype)) ?? self }
}
