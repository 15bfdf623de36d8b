extension AttachmentResolver {
    /// One step of showing an image, video or file message, from
    /// ``AttachmentResolver/events(for:displayedPixelSize:fetchingOriginal:priority:)``.
    ///
    /// Events come in this order, each when it is known: ``placeholder(_:)``, ``preview(_:partID:)``,
    /// ``progress(_:partID:)`` of the original download, ``original(_:partID:)``.
    /// Any may be missing (no size part, no preview, original not fetched); a preview
    /// never follows the original. ``failed(_:)`` can come at any point and names the
    /// part; the other parts go on.
    ///
    /// For a video message the preview is the poster, the placeholder carries
    /// ``PlaceholderSize/video``, and the original is the video; the poster may follow it.
    /// A file message has no placeholder nor preview: only its file's progress and content.
    public enum Event: Sendable {
        /// The size to lay the image out at.
        case placeholder(PlaceholderSize)
        /// The preview's content, local or fetched automatically.
        case preview(PartContent, partID: PartID)
        /// Progress of the original download, throttled: the original's, or the rendition's
        /// chosen for a displayed size (``AttachmentResolver/events(for:displayedPixelSize:fetchingOriginal:priority:)``).
        case progress(TransferProgress, partID: PartID)
        /// The original content: swap it in. For events given a displayed size, the rendition
        /// chosen for it, named by its own part identity.
        case original(PartContent, partID: PartID)
        /// A part could not be used.
        case failed(AttachmentResolver.Failure)
    }
}

extension AttachmentResolver {
    /// Why a part of an image message could not be used.
    public struct Failure: Swift.Error, Sendable, CustomStringConvertible {
        /// The job the part had.
        public enum Role: String, Sendable, Hashable, CustomStringConvertible {
            /// The `application/json+imageSize` part, a placeholder part of its own
            /// (``MIMEType/thumbHash``, ``MIMEType/blurHash``) that is not a valid hash (the reason
            /// is then a ``ThumbHash/Error`` or ``BlurHash/Error``, and the placeholder goes without it),
            /// or for a remote video without a size part, the video's header.
            case sizeMetadata
            /// The preview.
            case preview
            /// The original (a video, or a file message's file).
            case original

            public var description: String {
                switch self {
                case .sizeMetadata: "size"
                case .preview: "preview"
                case .original: "original"
                }
            }
        }

        /// The part that failed.
        public let partID: PartID
        /// Its job in the message.
        public let role: Role
        /// Why: a ``TransferError`` (the download failed; for a ``RemotePart`` whose bytes are not
        /// its declared type, with ``RemotePartError/contentMismatch(_:)`` or
        /// ``RemotePartError/fileContentMismatch(_:)`` underneath, and nothing stored), an
        /// ``ImageSizeMetadata/Error`` (the size part is malformed), or an ``ImageInspector/VerificationError``
        /// (the content failed the check of ``AttachmentResolver/contentPolicy``:
        /// ``ImageInspector/VerificationError/notAnImage(_:declaredType:)``,
        /// ``ImageInspector/VerificationError/tooManyPixels(_:limit:)`` for a decompression bomb,
        /// ``ImageInspector/VerificationError/unreadableFile(_:reason:)``, and the others), a
        /// ``FileType/VerificationError`` (a video's or a file's content is not what its type declares:
        /// a PDF that is an HTML page), or a ``RemotePart/MediaHeaderReader/Error`` (a remote video's header
        /// could not be read).
        public let reason: any Error

        /// Creates a failure.
        package init(partID: PartID, role: Role, reason: any Error) {
            self.partID = partID
            self.role = role
            self.reason = reason
        }

        public var description: String { "the \(role) part \(partID) can't be used: \(reason)" }
    }
}
