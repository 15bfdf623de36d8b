extension ImageInspector {
    /// Checks a part's content before anything decodes it: that its bytes are an image, that
    /// the image is within `policy`'s pixel limit (every frame of an animation counted), and
    /// whether `declaredType` describes it.
    ///
    /// ```swift
    /// let image = try ImageInspector().verify(content, declaredType: part.mimeType)
    /// if let corrected = image.correctedType { log("\(part.id) is really \(corrected)") }
    /// ```
    ///
    /// - Returns: The image's header and, when the declared type is wrong and the policy
    ///   accepts that, the corrected type.
    /// - Throws: ``ImageInspector/VerificationError``: ``ImageInspector/VerificationError/notAnImage(_:declaredType:)``
    ///   for bytes of no image format (whatever the declared type says),
    ///   ``ImageInspector/VerificationError/tooManyPixels(_:limit:)`` over the pixel limit
    ///   (``ImageHeader/totalPixelCount``),
    ///   ``ImageInspector/VerificationError/typeMismatch(declaredType:actualFormat:)`` for a wrong type
    ///   under ``ImageInspector/ContentPolicy/TypeMismatchHandling/reject``, and
    ///   ``ImageInspector/VerificationError/unreadableHeader(_:declaredType:)`` for a damaged header, and
    ///   ``ImageInspector/VerificationError/unreadableFile(_:reason:)`` for a file that can't be read.
    public func verify(
        _ content: PartContent, declaredType: MIMEType, policy: ImageInspector.ContentPolicy = .default
    ) throws(ImageInspector.VerificationError) -> ImageInspector.VerifiedImage {
        let header: ImageHeader
        do {
            header = try inspect(content)
        } catch {
            switch error {
            case .notAnImage(let found): throw .notAnImage(found, declaredType: declaredType)
            case .unreadable(let url, let reason): throw .unreadableFile(url, reason: reason)
            case .notAFileURL(let url): throw .unreadableFile(url, reason: "it is not a file URL")
            default: throw .unreadableHeader(error, declaredType: declaredType)
            }
        }
        guard header.totalPixelCount <= policy.maximumPixelCount else {
            throw .tooManyPixels(header, limit: policy.maximumPixelCount)
        }
        let image = ImageInspector.VerifiedImage(header: header, declaredType: declaredType)
        if image.correctedType != nil, policy.typeMismatch == .reject {
            throw .typeMismatch(declaredType: declaredType, actualFormat: header.format)
        }
        return image
    }
}
