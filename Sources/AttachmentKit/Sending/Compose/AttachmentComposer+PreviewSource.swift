extension AttachmentComposer {
    /// Where ``AttachmentComposer`` takes an image's preview from.
    ///
    /// A preview is had without decoding the whole image, or not at all: the message then goes
    /// without one, and receivers show the size part's placeholder until the original arrives.
    public enum PreviewSource: Sendable, Equatable {
        /// ImageIO's thumbnail (`CGImageSourceCreateThumbnailAtIndex`, at most
        /// ``AttachmentComposer/maximumPreviewPixelSize`` on the longer side, orientation applied,
        /// JPEG at quality 0.5) where ImageIO exists, otherwise the JPEG's embedded Exif thumbnail.
        case automatic
        /// Only the JPEG's embedded Exif thumbnail, on every platform: its pixels are stored
        /// unturned, so an Exif `Orientation` naming the original's is written into it.
        case embeddedThumbnail
        /// No preview.
        case none
    }
}
