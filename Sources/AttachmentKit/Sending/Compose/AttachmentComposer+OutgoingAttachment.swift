import Foundation

extension AttachmentComposer {
    /// The parts of a message being sent, composed from a file by ``AttachmentComposer``: the
    /// original, and for an image its preview and its `application/json+imageSize` part, in that
    /// order.
    ///
    /// Every part is a ``LocalPart`` with status ``TransferStatus/awaitingUpload`` whose content is
    /// a local file, so the sender's own message list shows it at once through the resolver and the
    /// loaders, before a byte is uploaded.
    public struct OutgoingAttachment: Sendable, Equatable {
        /// The file the user picked, typed by its bytes.
        public let original: LocalPart
        /// The preview (`image/jpeg+preview`), when one could be had; see ``AttachmentComposer``.
        public let preview: LocalPart?
        /// The size part (`application/json+imageSize`), for an image.
        public let sizePart: LocalPart?
        /// The original's header, for an image: the header of the file sent, stripped of its
        /// personal metadata when the composer removed some.
        public let header: ImageHeader?
        /// The personal metadata the composer removed from the original (empty when the picked
        /// file is sent as it is).
        public let removedMetadata: PersonalMetadata

        /// Creates an attachment from its parts.
        package init(
            original: LocalPart, preview: LocalPart?, sizePart: LocalPart?, header: ImageHeader?,
            removedMetadata: PersonalMetadata = []
        ) {
            self.original = original
            self.preview = preview
            self.sizePart = sizePart
            self.header = header
            self.removedMetadata = removedMetadata
        }

        /// The parts in message order: the original, the preview, the size part (those there are).
        public var parts: [LocalPart] { [original, preview, sizePart].compactMap { $0 } }
    }
}
