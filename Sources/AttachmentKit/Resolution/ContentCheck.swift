/// The check every preview and original content passes before it is shown: the one
/// place that runs ``ImageInspector/verify(_:declaredType:policy:)`` for a part, so that the
/// resolver's events and any other path that hands content to an app (remote parts, for
/// example) refuse the same things for the same reasons.
///
/// It reads the header only (a few kilobytes, at most ``ImageInspector/maximumByteCount``,
/// never the whole file) and decodes nothing: the format from the magic bytes, the pixel
/// count against ``ImageInspector/ContentPolicy/maximumPixelCount``, the declared type against the
/// format.
///
/// The original of a video or file message is no image: it passes
/// ``FileType/verify(_:declaredType:)`` instead (its first 512 bytes against its declared type:
/// a PDF that is an HTML page is refused).
struct ContentCheck: Sendable {
    /// What is accepted.
    var policy: ImageInspector.ContentPolicy
    /// What the message's original is: an image unless told otherwise.
    var kind: AttachmentResolver.Kind = .image
    /// How headers are read.
    var inspector = ImageInspector()

    /// A part's content that passed the check, with the header read on the way.
    struct Accepted: Sendable {
        /// The content.
        let content: PartContent
        /// The part it came from.
        let partID: PartID
        /// The image it holds, and the type its bytes really have; `nil` for a video or a file.
        let image: ImageInspector.VerifiedImage?
    }

    /// Checks `content`, delivered by `part` in `role`: the accepted content, or a
    /// ``AttachmentResolver/Failure`` whose reason is the ``ImageInspector/VerificationError`` (the
    /// ``FileType/VerificationError`` for a video's or a file's original).
    func check(_ content: PartContent, of part: any MessagePart, role: AttachmentResolver.Failure.Role) -> Result<
        Accepted, AttachmentResolver.Failure
    > {
        do {
            guard role == .preview || kind == .image else {
                _ = try FileType.verify(content, declaredType: part.mimeType)
                return .success(Accepted(content: content, partID: part.id, image: nil))
            }
            let image = try verify(content, declaredType: part.mimeType)
            return .success(Accepted(content: content, partID: part.id, image: image))
        } catch {
            return .failure(AttachmentResolver.Failure(partID: part.id, role: role, reason: error))
        }
    }

    /// Checks `content` declared as `declaredType`: the image it holds, or why it is refused.
    func verify(_ content: PartContent, declaredType: MIMEType) throws(ImageInspector.VerificationError)
        -> ImageInspector.VerifiedImage
    {
        try inspector.verify(content, declaredType: declaredType, policy: policy)
    }
}
