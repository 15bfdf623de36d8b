extension AttachmentResolver {
    /// What ``AttachmentResolver`` found in a message: what kind of attachment it is, which part is
    /// the preview, which the original, and the placeholder size.
    public struct Resolution: Sendable {
        /// The part to show first: the chain's preview (a video's poster), or for an image the
        /// original part itself when the message has no preview. `nil` when the message has
        /// no image, and for a file message.
        public let preview: (any MessagePart)?
        /// The original part (the original image, the video, or a file message's file), or
        /// `nil` when the message has only a preview or no attachment.
        public let original: (any MessagePart)?
        /// The part that carries the image's size, if the message has one.
        package let sizeMetadataPart: (any MessagePart)?
        /// The size to lay the image out at before its pixels are local, when it can be known.
        public let placeholderSize: PlaceholderSize?
        /// Why the size part could not be used, when there is one and it could not.
        public let sizeMetadataError: ImageSizeMetadata.Error?
        /// The header of the local image the placeholder was checked against: the original
        /// part's when it is local, otherwise the preview's; `nil` when neither is local or readable.
        public internal(set) var imageHeader: ImageHeader? = nil
        /// Why no local image's header could be read, when one is local: not an image, or a damaged
        /// header.
        public internal(set) var imageHeaderError: ImageInspector.Error? = nil
        /// The picture's renditions, smallest first, for
        /// ``AttachmentResolver/Policy/rendition(for:among:)``: the preview when its pixel size is
        /// known, then the original part's ``MessagePart/renditions`` that lie between
        /// the two, then the original, whose ``Rendition/pixelSize`` is the placeholder's
        /// displayed size or ``PixelSize/zero`` when that is not the original's (see
        /// ``AttachmentResolver/resolve(_:)``). Only the preview when there is no original; only the
        /// original when it is local, since nothing smaller is then worth a download; empty when the
        /// message has no image, and for videos and files.
        public internal(set) var renditions: [Rendition] = []
        /// The message's placeholder part of its own (``MIMEType/thumbHash``, ``MIMEType/blurHash``),
        /// read: the picture it gives a placeholder whose size part has no hash, or why it can't.
        var placeholderHashPart: PlaceholderHashPart.Read?

        /// What the message's attachment is: an image, a video or a file; `nil` when it has none
        /// (text alone). See ``AttachmentResolver/resolve(_:)``.
        public internal(set) var kind: AttachmentResolver.Kind? = nil

        /// Whether the message shows an image: its ``kind`` is ``AttachmentResolver/Kind/image``. The seed's
        /// `didSelectMessage` check.
        public var isImageMessage: Bool { kind == .image }

        /// Whether a single part serves as both preview and original.
        package var usesOnePartForBothRoles: Bool {
            guard let preview, let original else { return false }
            return preview.id == original.id
        }
    }
}
