import Foundation

extension AttachmentComposer {
    /// The parts of a message being sent, composed from a file by ``AttachmentComposer``: the
    /// original, and for an image its preview and its `application/json+imageSize` part, in the
    /// order Atlas sent them.
    ///
    /// Every part is a ``LocalPart`` with status ``TransferStatus/awaitingUpload`` whose content is
    /// a local file, so the sender's own message list shows it at once through the resolver and the
    /// loaders, before a byte is uploaded.
    public struct OutgoingAttachment: Sendable, Hashable {
        /// The file the user picked, typed by its bytes.
        public let original: LocalPart
        /// The preview (`image/jpeg+preview`), when one could be had; see ``AttachmentComposer``.
        public let preview: LocalPart?
        /// The size part (`application/json+imageSize`), for an image.
        public let sizePart: LocalPart?
        /// The original's header, for an image.
        public let header: ImageHeader?

        /// Creates an attachment from its parts.
        package init(original: LocalPart, preview: LocalPart?, sizePart: LocalPart?, header: ImageHeader?) {
            self.original = original
            self.preview = preview
            self.sizePart = sizePart
            self.header = header
        }

        /// The parts in message order: the original, the preview, the size part (those there are).
        public var parts: [LocalPart] { [original, preview, sizePart].compactMap { $0 } }
    }
}
