extension ContentCheck {
    /// Why downloaded content is not what its part declares.
    enum DeclaredTypeMismatch: Swift.Error {
        /// An image type, and the bytes are no such image.
        case image(ImageInspector.VerificationError)
        /// A type ``FileType`` checks (a PDF, an archive, an MP3, a video), and the bytes are
        /// another.
        case file(FileType.VerificationError)
    }

    /// Checks content that was downloaded (or decrypted) for a part declared as `declaredType`,
    /// before it is stored: an image type with ``verify(_:declaredType:)``, a type
    /// ``FileType/verify(_:declaredType:)`` checks with that, and any other type not at all. The
    /// one rule every download path follows, so that a PDF or a video whose bytes are an HTML
    /// page is refused and dropped where a mismatched image is.
    func verifyDownloaded(_ content: PartContent, declaredType: MIMEType) throws(DeclaredTypeMismatch) {
        if declaredType.isImage {
            do {
                _ = try verify(content, declaredType: declaredType)
            } catch {
                throw .image(error)
            }
        } else if FileType.checksContent(declaredAs: declaredType) {
            do {
                _ = try FileType.verify(content, declaredType: declaredType)
            } catch {
                throw .file(error)
            }
        }
    }
}
