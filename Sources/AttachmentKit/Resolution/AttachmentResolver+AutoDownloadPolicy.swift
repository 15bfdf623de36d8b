extension AttachmentResolver {
    /// Which parts may be fetched without anyone asking: a set of MIME types, a size limit, and
    /// the limit of the sole-image rule.
    ///
    /// The ``default`` fetches previews and size parts, so that a cell never stays blank waiting
    /// for a tap. The resolver's events, the loaders and the prefetcher all follow this policy
    /// when they are not asked for the original (`fetchingOriginal: false`); the rule, with the
    /// sole-image rule and the limits of videos and files, is in
    /// <doc:DownloadLifecycle#What-is-fetched-unasked>. A chat app's Wi-Fi setting that fetches
    /// previews up to 2 MiB and clips up to 25 MiB:
    ///
    /// ```swift
    /// var wifi = AttachmentResolver.AutoDownloadPolicy.default
    /// wifi.mimeTypes.insert(.videoMP4)
    /// wifi.maximumVideoAndFileByteCount = 25 << 20
    /// ```
    ///
    /// Whatever waits for a request is said in ``AttachmentLoadState/awaitsDownloadRequest``:
    /// the cell offers a tap to download, which loads with `fetchingOriginal: true`.
    public struct AutoDownloadPolicy: Sendable, Equatable {
        /// The types fetched automatically; a part matches when its type ``MIMEType/matches(_:)``
        /// one of them.
        public var mimeTypes: Set<MIMEType>
        /// The largest part of one of ``mimeTypes`` fetched automatically, in bytes; `nil` for no
        /// limit. A part whose size is unknown passes.
        public var maximumByteCount: Int64?
        /// The largest original fetched automatically by the sole-image rule
        /// (<doc:DownloadLifecycle#What-is-fetched-unasked>), in bytes: 8 MiB unless set. A
        /// ``RemotePart`` original of unknown size is fetched with its download stopped at this many
        /// bytes (wasting at most that much and the chunk that crossed it when it is larger); 0 or
        /// less turns the rule off.
        public var maximumSoleImageByteCount: Int64
        /// The largest video or file fetched automatically (the original of a video or a file
        /// message, when its type is in ``mimeTypes``), in bytes, in place of ``maximumByteCount``;
        /// `nil` (the default) for ``maximumByteCount`` to apply to them too. When set, a video or a
        /// file whose size is unknown is never fetched unasked: it could be any size.
        public var maximumVideoAndFileByteCount: Int64?

        /// 8 MiB: a phone camera's JPEG or HEIC (2–6 MB at 12 megapixels) passes, a RAW or
        /// 48-megapixel original does not.
        @usableFromInline package static let defaultMaximumSoleImageByteCount: Int64 = 8 << 20

        /// Creates a policy.
        public init(
            mimeTypes: Set<MIMEType>, maximumByteCount: Int64? = nil,
            maximumSoleImageByteCount: Int64 = defaultMaximumSoleImageByteCount,
            maximumVideoAndFileByteCount: Int64? = nil
        ) {
            self.mimeTypes = mimeTypes
            self.maximumByteCount = maximumByteCount
            self.maximumSoleImageByteCount = maximumSoleImageByteCount
            self.maximumVideoAndFileByteCount = maximumVideoAndFileByteCount
        }

        /// Previews (`image/jpeg+preview`, `image/png+preview`, `image/gif+preview`,
        /// `image/heic+preview`) and `application/json+imageSize`, up to 2 MiB; the sole image of a
        /// message up to 8 MiB.
        public static let `default` = AttachmentResolver.AutoDownloadPolicy(
            mimeTypes: [
                .imageJPEGPreview, .imagePNG.previewVariant, .imageGIFPreview, .imageHEIC.previewVariant, .imageSize,
            ],
            maximumByteCount: 2 << 20)

        /// Nothing is fetched without being asked, the sole image of a message included.
        public static let none = AttachmentResolver.AutoDownloadPolicy(
            mimeTypes: [], maximumByteCount: 0, maximumSoleImageByteCount: 0)

        /// Whether `part` may be fetched without being asked, by its type and size (against
        /// ``maximumByteCount``: for the original of a video or a file message, the resolver
        /// applies ``maximumVideoAndFileByteCount`` when it is set).
        public func allowsAutomaticDownload(of part: any MessagePart) -> Bool {
            guard matchesType(of: part) else { return false }
            guard let maximumByteCount, let size = part.byteCount else { return true }
            return size <= maximumByteCount
        }

        /// Whether `part`, in the original role of a message of `kind`, may be fetched
        /// without being asked by its type and size: a video, audio or a file against
        /// ``maximumVideoAndFileByteCount`` when it is set, anything else as
        /// ``allowsAutomaticDownload(of:)``.
        func allowsAutomaticDownload(ofOriginal part: any MessagePart, kind: AttachmentResolver.Kind?) -> Bool {
            guard kind == .video || kind == .audio || kind == .file, let maximumVideoAndFileByteCount else {
                return allowsAutomaticDownload(of: part)
            }
            guard matchesType(of: part), let size = part.byteCount else { return false }
            return size <= maximumVideoAndFileByteCount
        }

        /// Whether `part`'s type is one of ``mimeTypes``.
        private func matchesType(of part: any MessagePart) -> Bool {
            mimeTypes.contains { part.mimeType.matches($0) }
        }

        /// Whether `part`, in the original role of a message with nothing else to show, may be
        /// fetched without being asked by the sole-image rule: a rendition (`isOriginal` false) of
        /// unknown size or up to ``maximumSoleImageByteCount``, an original of a declared size up to it.
        func allowsSoleImageDownload(of part: any MessagePart, isOriginal: Bool) -> Bool {
            guard maximumSoleImageByteCount > 0 else { return false }
            guard let size = part.byteCount else { return !isOriginal }
            return size <= maximumSoleImageByteCount
        }
    }
}
