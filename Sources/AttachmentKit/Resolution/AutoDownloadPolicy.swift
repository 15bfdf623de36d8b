/// Which parts may be fetched without anyone asking: LayerKit's auto-download knobs, a set
/// of MIME types and a size limit.
///
/// Atlas's most reported bug was a blank image cell because previews were never fetched;
/// the ``default`` policy fetches previews and size parts.
public struct AutoDownloadPolicy: Sendable, Hashable {
    /// The types fetched automatically; a part matches when its type ``MIMEType/matches(_:)``
    /// one of them.
    public var mimeTypes: Set<MIMEType>
    /// The largest part fetched automatically, in bytes; `nil` for no limit. A part whose
    /// size is unknown passes.
    public var maximumByteCount: Int64?

    /// Creates a policy.
    public init(mimeTypes: Set<MIMEType>, maximumByteCount: Int64? = nil) {
        self.mimeTypes = mimeTypes
        self.maximumByteCount = maximumByteCount
    }

    /// Previews (`image/jpeg+preview`, `image/png+preview`, `image/gif+preview`,
    /// `image/heic+preview`) and `application/json+imageSize`, up to 2 MiB.
    public static let `default` = AutoDownloadPolicy(
        mimeTypes: [
            .imageJPEGPreview, .imagePNG.previewVariant, .imageGIFPreview, .imageHEIC.previewVariant, .imageSize,
        ],
        maximumByteCount: 2 << 20)

    /// Nothing is fetched without being asked.
    public static let none = AutoDownloadPolicy(mimeTypes: [], maximumByteCount: 0)

    /// Whether `part` may be fetched without being asked.
    public func allowsAutomaticDownload(of part: any MessagePart) -> Bool {
        guard mimeTypes.contains(where: { part.mimeType.matches($0) }) else { return false }
        guard let maximumByteCount, let size = part.byteCount else { return true }
        return size <= maximumByteCount
    }
}
