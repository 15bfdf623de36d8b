import Foundation

/// The size to lay an image out at before its pixels are here, and where it came from.
public struct PlaceholderSize: Sendable, Equatable {
    /// Where a placeholder size was found.
    public enum Source: Sendable, Equatable {
        /// The message's `application/json+imageSize` part, or the
        /// ``RemotePart/imageSize`` a remote part declares.
        case sizeMetadata
        /// The header of a local image part (the preview, or the original when local).
        case imageHeader(PartID)
        /// The header of a video part (``ISOMediaHeader``): read from the file when it is local,
        /// with ranged requests when it is a ``RemotePart``.
        case videoHeader(PartID)
    }

    /// The displayed size in pixels, orientation already applied: lay the image out at its
    /// aspect, and give it to a ``ZoomViewport`` before the image is here.
    public var displayedSize: PixelSize
    /// The orientation the image's pixels are stored with: the original's (from the size part
    /// or the original's header), or the previewed part's own for a size read from a preview's
    /// header (``ImageOrientation/up`` for the usual previews, whose pixels are already turned).
    public var orientation: ImageOrientation
    /// Where the size came from.
    public var source: Source
    /// A blurred picture to show at this size, from the size part's ThumbHash or BlurHash
    /// (``ImageSizeMetadata/placeholderImage()``); `nil` when it has none. Lay out from
    /// ``displayedSize``, not from the picture's coarse aspect ratio.
    public var image: PlaceholderImage?
    /// For a video message, its duration and rotation as far as they are known (see
    /// ``AttachmentResolver/Kind/video``); `nil` for any other message.
    public var video: PlaceholderSize.VideoDetails?
    /// For a voice message (``AttachmentResolver/Kind/audio``), its duration and waveform; `nil` for any
    /// other message. A voice message's ``displayedSize`` is zero: lay its cell out by these.
    public var voice: VoiceDetails?

    /// Creates a placeholder size.
    public init(displayedSize: PixelSize, orientation: ImageOrientation, source: Source) {
        self.displayedSize = displayedSize
        self.orientation = orientation
        self.source = source
    }

    /// The displayed width divided by the height: what a cell keeps when it scales the
    /// placeholder to its own width.
    public var aspectRatio: Double { Double(displayedSize.width / displayedSize.height) }
}
