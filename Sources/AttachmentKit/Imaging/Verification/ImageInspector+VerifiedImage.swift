extension ImageInspector {
    /// Content that ``ImageInspector/verify(_:declaredType:policy:)`` found to be an image within
    /// the policy's limits, with the media type its bytes really have.
    public struct VerifiedImage: Sendable, Equatable {
        /// The image's header.
        public let header: ImageHeader
        /// The media type the part declared.
        public let declaredType: MIMEType
        /// The type that matches the bytes when the declared one does not (the format's canonical
        /// type, a `+preview` variant when the declared type was a preview); `nil` when the declared
        /// type is a correct label for the content.
        public let correctedType: MIMEType?

        /// Pairs a header with the type a part declared, correcting the type when it does not
        /// describe the header's format.
        package init(header: ImageHeader, declaredType: MIMEType) {
            self.header = header
            self.declaredType = declaredType
            if header.format.isDescribed(by: declaredType) {
                correctedType = nil
            } else {
                correctedType = declaredType.isPreview ? header.format.mimeType.previewVariant : header.format.mimeType
            }
        }

        /// The type to treat the content as: the corrected type when there is one, otherwise the
        /// declared type.
        public var mimeType: MIMEType { correctedType ?? declaredType }
    }
}
