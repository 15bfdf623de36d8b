/// The media types that name each ``ImageFormat``: kept apart from the format itself, which the
/// parsers use and which builds without Foundation (`.ci/embedded32`).
extension ImageFormat {
    /// The format's canonical media type, such as `image/jpeg`.
    public var mimeType: MIMEType {
        MIMEType(validatedType: "image", subtype: rawValue, parameters: [:])
    }

    /// The format a media type names, or `nil` when it names none (`application/octet-stream`,
    /// `text/html`, `image/svg+xml`). A `+preview` type names the format of the type it stands
    /// for; `image/heif` names ``heif``.
    public init?(mimeType: MIMEType) {
        let essence = (mimeType.originalVariant ?? mimeType).essence
        guard
            let format = Self.allCases.first(where: { $0.mediaTypeNames.first == essence })
                ?? Self.allCases.first(where: { $0.mediaTypeNames.contains(essence) })
        else { return nil }
        self = format
    }

    /// Whether `type` is a correct label for content in this format: the canonical type, an
    /// alias, or a `+preview` variant of one. `image/heif` correctly labels HEIC content (HEIC
    /// is HEIF with HEVC coding); parameters are ignored.
    public func isDescribed(by type: MIMEType) -> Bool {
        mediaTypeNames.contains((type.originalVariant ?? type).essence)
    }

    /// The media types (essences) that name this format, the canonical one first.
    private var mediaTypeNames: [String] {
        switch self {
        case .jpeg: ["image/jpeg", "image/jpg", "image/pjpeg"]
        case .png: ["image/png", "image/apng", "image/x-png", "image/vnd.mozilla.apng"]
        case .gif: ["image/gif"]
        case .webp: ["image/webp"]
        case .heic: ["image/heic", "image/heic-sequence", "image/heif", "image/heif-sequence"]
        case .heif: ["image/heif", "image/heif-sequence"]
        case .avif: ["image/avif", "image/avif-sequence"]
        case .bmp: ["image/bmp", "image/x-bmp", "image/x-ms-bmp"]
        case .tiff: ["image/tiff", "image/tiff-fx"]
        }
    }
}
