/// Which parts may be fetched without anyone asking: LayerKit's auto-download knobs, a set
/// of MIME types and a size limit, and the limit of the sole-image rule.
///
/// Atlas's most reported bug was a blank image cell because previews were never fetched;
/// the ``default`` policy fetches previews and size parts.
///
/// ## What is fetched unasked
///
/// This is the one place the rule is written; the resolver's events, the loaders and the
/// prefetcher all follow it when they are not asked for the full resolution
/// (`fetchingFullResolution: false`):
///
/// - A part whose type is in ``mimeTypes`` and whose declared ``MessagePart/byteCount`` is at
///   most ``maximumByteCount`` (or unknown) is fetched in any role: with the ``default``, the
///   preview and the size part of Atlas's three-part message. The original of such a message
///   waits for a request.
/// - **The sole-image rule.** When the message has nothing else to show (no preview part of its
///   own, as with a backend that sends one image URL, or a preview that is neither local nor
///   fetched unasked), the full-resolution role is fetched too, so that the cell never stays
///   blank:
///   - for a view given a displayed size, the smallest rendition that covers it
///     (``ResolutionPolicy/representation(for:among:)``) and, should it fail, the larger ones;
///     a rendition declares its pixel size, which bounds its bytes, so it is fetched whatever
///     its byte count, unless it declares one above ``maximumSoleImageByteCount``;
///   - the original (without a size, when no rendition covers the size, or as the last
///     fallback) only when it declares a ``MessagePart/byteCount`` of at most
///     ``maximumSoleImageByteCount``. An original whose size is unknown or larger waits for a
///     request: it could be any size, and a list must not spend a user's data plan on it.
/// - Videos and files (``AttachmentKind/video``, ``AttachmentKind/file``) follow the first rule
///   alone: a video or a file is fetched unasked only when its type is in ``mimeTypes`` and its
///   byte count within ``maximumByteCount`` (add `video/mp4` with a limit to fetch short clips
///   on Wi-Fi); the sole-image rule never fetches one. A video's poster is its preview.
/// - Whatever waits for a request is said in ``AttachmentLoadState/awaitsDownloadRequest``:
///   the cell offers a tap to download, which loads with `fetchingFullResolution: true`.
public struct AutoDownloadPolicy: Sendable, Hashable {
    /// The types fetched automatically; a part matches when its type ``MIMEType/matches(_:)``
    /// one of them.
    public var mimeTypes: Set<MIMEType>
    /// The largest part of one of ``mimeTypes`` fetched automatically, in bytes; `nil` for no
    /// limit. A part whose size is unknown passes.
    public var maximumByteCount: Int64?
    /// The largest original fetched automatically by the sole-image rule (see "What is fetched
    /// unasked" above), in bytes: 8 MiB unless set (``defaultMaximumSoleImageByteCount``). An
    /// original whose size is unknown never passes; 0 or less turns the rule off.
    public var maximumSoleImageByteCount: Int64

    /// 8 MiB: a phone camera's JPEG or HEIC (2–6 MB at 12 megapixels) passes, a RAW or
    /// 48-megapixel original does not.
    public static let defaultMaximumSoleImageByteCount: Int64 = 8 << 20

    /// Creates a policy.
    public init(
        mimeTypes: Set<MIMEType>, maximumByteCount: Int64? = nil,
        maximumSoleImageByteCount: Int64 = defaultMaximumSoleImageByteCount
    ) {
        self.mimeTypes = mimeTypes
        self.maximumByteCount = maximumByteCount
        self.maximumSoleImageByteCount = maximumSoleImageByteCount
    }

    /// Previews (`image/jpeg+preview`, `image/png+preview`, `image/gif+preview`,
    /// `image/heic+preview`) and `application/json+imageSize`, up to 2 MiB; the sole image of a
    /// message up to 8 MiB.
    public static let `default` = AutoDownloadPolicy(
        mimeTypes: [
            .imageJPEGPreview, .imagePNG.previewVariant, .imageGIFPreview, .imageHEIC.previewVariant, .imageSize,
        ],
        maximumByteCount: 2 << 20)

    /// Nothing is fetched without being asked, the sole image of a message included.
    public static let none = AutoDownloadPolicy(mimeTypes: [], maximumByteCount: 0, maximumSoleImageByteCount: 0)

    /// Whether `part` may be fetched without being asked, by its type and size.
    public func allowsAutomaticDownload(of part: any MessagePart) -> Bool {
        guard mimeTypes.contains(where: { part.mimeType.matches($0) }) else { return false }
        guard let maximumByteCount, let size = part.byteCount else { return true }
        return size <= maximumByteCount
    }

    /// Whether `part`, in the full-resolution role of a message with nothing else to show, may be
    /// fetched without being asked by the sole-image rule: a rendition (`isOriginal` false) of
    /// unknown size or up to ``maximumSoleImageByteCount``, an original of a declared size up to it.
    func allowsSoleImageDownload(of part: any MessagePart, isOriginal: Bool) -> Bool {
        guard maximumSoleImageByteCount > 0 else { return false }
        guard let size = part.byteCount else { return !isOriginal }
        return size <= maximumSoleImageByteCount
    }
}
