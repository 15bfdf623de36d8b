/// What a PNG text chunk (`tEXt`, `zTXt`, `iTXt`) holds, told from its keyword.
enum PNGTextKeyword: Equatable {
    /// An XMP packet (`XML:com.adobe.xmp`).
    case xmp
    /// Personal metadata of these kinds, removed with the chunk: ImageMagick's raw profiles
    /// (hex-encoded EXIF, IPTC or XMP, which can't be edited in place), its `exif:*` and `xmp:*`
    /// text chunks for personal properties (`exif:GPSLatitude`, `exif:Artist`…), and `Author` or
    /// `Artist` (exiftool's).
    case personal(PersonalMetadata)
    /// Anything else, kept.
    case other

    /// The raw EXIF profile may hold any of the EXIF block's personal kinds.
    private static let exifKinds: PersonalMetadata = [.gps, .identifyingFields, .makerNotes]

    /// The EXIF tag names, as ImageMagick writes them after `exif:`, that are identifying.
    private static let identifyingTags: Set = [
        "Artist", "XPAuthor", "WinXP-Author", "CameraOwnerName", "BodySerialNumber", "LensSerialNumber",
        "ImageUniqueID", "UserComment", "CameraSerialNumber", "OwnerName", "SerialNumber",
    ]

    init(_ keyword: String) {
        switch keyword {
        case "XML:com.adobe.xmp": self = .xmp
        case "Raw profile type exif", "Raw profile type APP1": self = .personal(Self.exifKinds)
        case "Raw profile type iptc", "Raw profile type 8bim": self = .personal(.iptc)
        case "Raw profile type xmp": self = .personal([.xmp, .gps, .identifyingFields])
        case "Author", "Artist": self = .personal(.identifyingFields)
        default:
            // ImageMagick's one chunk per property: `exif:GPSLatitude`, `xmp:GPSLongitude`.
            let parts = keyword.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0] == "exif" || parts[0] == "xmp" else {
                self = .other
                return
            }
            if parts[1] == "MakerNote" {
                self = .personal(.makerNotes)
            } else if Self.identifyingTags.contains(String(parts[1])) {
                self = .personal(.identifyingFields)
            } else if let kind = XMPProperties.kind(ofLocalName: parts[1]) {
                self = .personal(kind)
            } else {
                self = .other
            }
        }
    }
}
