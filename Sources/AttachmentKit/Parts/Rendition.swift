/// One rendition of an image at a known pixel size: a server-resized copy (Flickr's
/// `FlickrPhotoFormatLarge`, a CDN's resizing, Matrix's thumbnail endpoint), the preview, or the
/// original itself.
///
/// A part lists the renditions it can also be had as in ``MessagePart/renditions``; the
/// resolver puts them in order between the preview and the original
/// (``AttachmentResolver/Resolution/renditions``), and
/// ``AttachmentResolver/Policy/rendition(for:among:)`` picks the smallest that covers what is shown.
/// Each rendition is a part of its own, so it is downloaded, shared and stored under its own
/// key (``contentKey``), never in place of another.
///
/// Two renditions are equal when they have the same part identity and pixel size.
public struct Rendition: Sendable, Hashable, CustomStringConvertible {
    /// The rendition's size in pixels, as displayed (orientation applied); ``PixelSize/zero``
    /// when it is not known (an original without a size part).
    public let pixelSize: PixelSize
    /// The part that downloads the rendition. Its ``MessagePart/id`` must be its own: two
    /// renditions with one identity would share one download and one stored entry.
    public let part: any MessagePart

    /// Creates a rendition of `pixelSize` pixels, downloaded by `part`.
    public init(pixelSize: PixelSize, part: any MessagePart) {
        self.pixelSize = pixelSize
        self.part = part
    }

    /// Where a ``DownloadCoordinator``'s store keeps the rendition: its part's own key, so that
    /// every rendition has a distinct entry that stays the same across launches.
    public var contentKey: ContentKey { ContentKey(partID: part.id) }

    /// `"photo@1024x768 (1024 x 768 px)"`.
    public var description: String { "\(part.id) (\(pixelSize))" }

    /// Whether two renditions have the same part identity and pixel size.
    public static func == (lhs: Rendition, rhs: Rendition) -> Bool {
        lhs.part.id == rhs.part.id && lhs.pixelSize == rhs.pixelSize
    }

    /// Hashes the values ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(part.id)
        hasher.combine(pixelSize)
    }
}
