import AttachmentKit
import Foundation

extension MatrixMediaClient {
    /// Uploads a composed attachment (its original, and its preview as the thumbnail) and returns
    /// the event content that describes it, for the chat SDK to send as an `m.room.message`.
    ///
    /// ```swift
    /// let attachment = try AttachmentComposer().compose(imageAt: photoURL, into: outbox, id: "m1")
    /// let content = try await client.send(attachment, encrypted: room.isEncrypted)
    /// try await room.send(eventType: "m.room.message", contentJSON: content.jsonData())
    /// ```
    ///
    /// Before any byte is sent, every file is checked against the server's `m.upload.size`
    /// (``Error/tooLarge(_:byteCount:limit:)``). Each file is then posted to
    /// `/_matrix/media/v3/upload`, streamed from disk by ``uploads`` under its retry policy (a `429`
    /// waits what the server asked). With `encrypted`, each file is first encrypted as an
    /// `EncryptedFile` (a fresh key and IV each, the thumbnail too) into a temporary file that is
    /// removed afterwards, and the content carries `file` and `thumbnail_file` instead of `url`
    /// and `thumbnail_url`: it must then go inside a Megolm-encrypted event, which is the chat
    /// SDK's to encrypt.
    ///
    /// `info` is read from the files' headers: the message type (`m.image` for an image,
    /// `m.video` for ISO media with a video track, `m.audio` for audio, `m.file` otherwise), the
    /// type, the size, the displayed size after the orientation or rotation, the duration in
    /// milliseconds, `is_animated` for an image (an animated GIF, APNG or WebP is sent as it is)
    /// and the size part's BlurHash; `thumbnail_info` gives the thumbnail's own displayed size
    /// (a thumbnail from a sideways photo's Exif data carries its orientation). An audio file
    /// whose size part holds a waveform (`VoiceDetails.sizePartJSON()`) goes as a voice message:
    /// `org.matrix.msc1767.audio` with its duration and waveform, and `org.matrix.msc3245.voice`.
    ///
    /// - Parameters:
    ///   - attachment: What `AttachmentComposer` composed; its original must be a local file.
    ///   - encrypted: Whether to encrypt the files for an encrypted room.
    ///   - caption: A caption: sent as `body`, with the file's name in `filename`.
    /// - Throws: ``Error``.
    public func send(
        _ attachment: AttachmentComposer.OutgoingAttachment, encrypted: Bool = false, caption: String? = nil
    ) async throws(Error) -> MatrixMediaContent {
        let originalURL = try Self.fileURL(of: attachment.original)
        let description = MediaDescription(
            fileAt: originalURL, declaredType: attachment.original.mimeType, header: attachment.header,
            sizePart: attachment.sizePart)
        var thumbnailURL: URL?
        if let preview = attachment.preview { thumbnailURL = try Self.fileURL(of: preview) }
        let limit = try await mediaConfiguration().maximumUploadByteCount
        var files = [(attachment.original.id, originalURL)]
        if let preview = attachment.preview, let thumbnailURL { files.append((preview.id, thumbnailURL)) }
        for (id, url) in files {
            let size = Self.byteCount(of: url)
            if let limit, size > limit { throw .tooLarge(id, byteCount: size, limit: limit) }
        }
        let fileName = attachment.original.fileName ?? originalURL.lastPathComponent
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("AttachmentKitMatrix-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let upload = Upload(client: self, encrypted: encrypted, directory: work, limit: limit)
        var content = MatrixMediaContent(
            messageType: description.messageType, body: caption ?? fileName,
            source: try await upload.send(
                originalURL, id: attachment.original.id, mimeType: description.mimeType, fileName: fileName))
        content.fileName = fileName
        content.mimeType = description.mimeType
        content.byteCount = Self.byteCount(of: originalURL)
        content.displayedSize = description.displayedSize
        content.duration = description.duration
        content.blurHash = description.blurHash
        content.isAnimated = description.isAnimated
        content.voice = description.voice
        content.isVoiceMessage = description.voice != nil
        if let preview = attachment.preview, let thumbnailURL {
            let thumbnail = MediaDescription(thumbnailAt: thumbnailURL, declaredType: preview.mimeType)
            let source = try await upload.send(
                thumbnailURL, id: preview.id, mimeType: thumbnail.mimeType, fileName: "thumbnail-\(fileName)")
            content.thumbnail = MatrixMediaContent.Thumbnail(
                source: source, displayedSize: thumbnail.displayedSize, mimeType: thumbnail.mimeType,
                byteCount: Self.byteCount(of: thumbnailURL))
        }
        return content
    }

    /// The uploads of one message: each file in the clear or encrypted first.
    private struct Upload {
        let client: MatrixMediaClient
        let encrypted: Bool
        let directory: URL
        let limit: Int64?

        func send(_ url: URL, id: PartID, mimeType: MIMEType, fileName: String) async throws(Error)
            -> MatrixMediaContent.Source
        {
            guard encrypted else {
                return .plain(
                    try await client.upload(url, id: id, mimeType: mimeType, fileName: fileName, limit: limit))
            }
            let ciphertext = directory.appendingPathComponent(UUID().uuidString)
            var file: EncryptedFile
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                file = try EncryptedAttachment.encrypt(fileAt: url, to: ciphertext)
            } catch let error as EncryptedAttachment.Error {
                throw .encryptionFailed(error)
            } catch {
                throw .encryptionFailed(.writeFailed(directory, reason: "\(error)"))
            }
            // A fresh key each time: the ciphertext is a new upload, never one done before.
            let uri = try await client.upload(
                ciphertext, id: PartID("\(id.rawValue)#ciphertext-\(file.ciphertextSHA256Hex.prefix(16))"),
                mimeType: .applicationOctetStream, fileName: nil, limit: limit)
            file.url = uri.description
            return .encrypted(file, uri)
        }
    }

    /// Posts the file at `url` to the media repository and returns its content URI.
    func upload(_ url: URL, id: PartID, mimeType: MIMEType, fileName: String?, limit: Int64?) async throws(Error)
        -> MatrixContentURI
    {
        let byteCount = Self.byteCount(of: url)
        let part = LocalPart(
            id: id, mimeType: mimeType, content: .file(url), transferStatus: .awaitingUpload, byteCount: byteCount)
        let destination = UploadCoordinator.Destination.post(uploadURL(fileName: fileName))
        let uploaded: UploadCoordinator.UploadedPart
        do {
            uploaded = try await uploads.upload(part, to: destination)
        } catch {
            if case .failed(_, _, let underlying) = error, case .httpStatus(let status)? = underlying as? UploadError {
                throw Error.refusal(
                    status.url ?? destination.url, statusCode: status.statusCode, body: status.responseBody,
                    retryAfter: status.retryAfter, upload: (id, byteCount, limit))
            }
            throw .uploadFailed(error)
        }
        guard let body = uploaded.responseBody, case .object(let fields)? = JSONValue.parse(body),
            case .string(let text)? = fields["content_uri"], let uri = MatrixContentURI(text)
        else { throw .malformedResponse(destination.url, reason: "no content_uri in the upload's answer") }
        return uri
    }

    private static func fileURL(of part: LocalPart) throws(Error) -> URL {
        guard let url = part.localContent?.fileURL else {
            throw .uploadFailed(.failed(part.id, attempts: 0, underlying: UploadError.noLocalFile(part.id)))
        }
        return url
    }

    private static func byteCount(of url: URL) -> Int64 {
        (try? PartContent.file(url).byteCount()) ?? 0
    }
}
