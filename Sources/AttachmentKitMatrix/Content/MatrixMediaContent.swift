import AttachmentKit
import Foundation

/// The content of a Matrix media message (`m.image`, `m.video`, `m.audio` or `m.file`): the
/// file's content URI or `EncryptedFile`, its `info`, its thumbnail, its name and caption.
///
/// Read one from an event's `content` with ``init(json:)``, which checks every field and names
/// the first one at fault; turn it into parts with ``MatrixMediaClient/parts(for:)``; write the
/// content of a message being sent with ``jsonData()`` (``MatrixMediaClient/send(_:encrypted:caption:)``
/// builds it). See <doc:Matrix>.
public struct MatrixMediaContent: Sendable, Equatable {
    /// The message type, `msgtype`.
    public enum MessageType: String, Sendable, Hashable, CaseIterable {
        /// A picture.
        case image = "m.image"
        /// A video, with its size and duration.
        case video = "m.video"
        /// A sound, with its duration (a voice message too, see ``MatrixMediaContent/voice``).
        case audio = "m.audio"
        /// Any other file.
        case file = "m.file"
    }

    /// Where a file is: a content URI (`url`, `thumbnail_url`), or an encrypted file whose
    /// `EncryptedFile` object carries its content URI (`file`, `thumbnail_file`).
    public enum Source: Sendable, Equatable {
        /// A file the homeserver keeps in the clear.
        case plain(MatrixContentURI)
        /// A file kept encrypted: the key, IV and hash, and the content URI of the ciphertext.
        case encrypted(EncryptedFile, MatrixContentURI)

        /// The content URI of the bytes the homeserver keeps.
        public var contentURI: MatrixContentURI {
            switch self {
            case .plain(let uri), .encrypted(_, let uri): uri
            }
        }
    }

    /// A thumbnail the sender uploaded: `info.thumbnail_url` or `info.thumbnail_file`, and
    /// `info.thumbnail_info`.
    public struct Thumbnail: Sendable, Equatable {
        /// Where the thumbnail is.
        public var source: Source
        /// Its displayed size in pixels (`thumbnail_info.w` × `thumbnail_info.h`), when both
        /// are given.
        public var displayedSize: PixelSize?
        /// Its media type (`thumbnail_info.mimetype`).
        public var mimeType: MIMEType?
        /// Its size in bytes (`thumbnail_info.size`).
        public var byteCount: Int64?

        /// Creates a thumbnail description.
        public init(
            source: Source, displayedSize: PixelSize? = nil, mimeType: MIMEType? = nil, byteCount: Int64? = nil
        ) {
            self.source = source
            self.displayedSize = displayedSize
            self.mimeType = mimeType
            self.byteCount = byteCount
        }
    }

    /// The message type.
    public var messageType: MessageType
    /// `body`: the file's name, or its caption when ``fileName`` is given and differs.
    public var body: String
    /// `filename`: the file's name, when the sender gave it apart from ``body``.
    public var fileName: String?
    /// Where the file is: `url`, or `file` when it is encrypted.
    public var source: Source
    /// `info.mimetype`.
    public var mimeType: MIMEType?
    /// `info.size`, in bytes.
    public var byteCount: Int64?
    /// The displayed size in pixels, orientation or rotation applied (`info.w` × `info.h`), when
    /// both are given. Written rounded to whole pixels, and only when both sides are at least 1.
    public var displayedSize: PixelSize?
    /// `info.duration`, in milliseconds.
    public var duration: Int64?
    /// `info.xyz.amorgan.blurhash` (MSC2448).
    public var blurHash: BlurHash?
    /// `info.is_animated` (spec v1.18).
    public var isAnimated: Bool?
    /// The thumbnail, when the sender uploaded one.
    public var thumbnail: Thumbnail?
    /// A voice message's duration and waveform (`org.matrix.msc1767.audio`, as Element sends
    /// them with an `m.audio`): the duration in milliseconds on the wire, in seconds here; the
    /// waveform as Element's integers 0…1024 (`Waveform.matrixLevels`).
    public var voice: VoiceDetails?
    /// Whether the message is marked as a voice message (`org.matrix.msc3245.voice`).
    public var isVoiceMessage = false

    /// Creates content from known values.
    public init(messageType: MessageType, body: String, source: Source) {
        self.messageType = messageType
        self.body = body
        self.source = source
    }

    /// The file's name to show: ``fileName``, or else ``body``.
    public var displayedFileName: String { fileName ?? body }

    /// The caption: ``body`` when ``fileName`` is given and differs from it (MSC2530), else `nil`.
    public var caption: String? {
        guard let fileName, fileName != body else { return nil }
        return body
    }
}
