import Foundation

extension FileType {
    /// Why ``FileType/verify(_:declaredType:)`` refused a file part's content.
    public enum VerificationError: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The part declares a type ``FileType`` recognises (a PDF, an archive, an MP3, a video, an
        /// image) and its bytes are something else: an HTML error page saved as `report.pdf`.
        case mismatch(declaredType: MIMEType, content: FileType)
        /// The content has no bytes.
        case empty
        /// The content's file could not be read.
        case unreadable(URL, reason: String)

        public var description: String {
            switch self {
            case .mismatch(let declared, let content): "content declared \(declared) is \(content)"
            case .empty: "the content is empty (zero bytes)"
            case .unreadable(let url, let reason): "can't read \(url.path): \(reason)"
            }
        }
    }
}

extension FileType {
    /// Checks a file part's content against its declared type, from its first 512 bytes: the
    /// content's type, or ``FileType/VerificationError/mismatch(declaredType:content:)`` when the
    /// declared type names one ``FileType`` recognises and the bytes are another.
    ///
    /// The declared types checked: `application/pdf`; `application/zip` and the formats built on
    /// ZIP (`+zip` types such as EPUB, `application/vnd.openxmlformats-officedocument.…`, JAR,
    /// APK); `audio/mpeg` and `audio/mp3`; `video/mp4`, `video/quicktime`, `audio/mp4`,
    /// `audio/x-m4a`, `video/x-m4v` and `video/3gpp` (any ISO media file passes for any of
    /// them); `audio/ogg`, `audio/opus` and `application/ogg`, for which any audio file (Ogg,
    /// MP3 or ISO media) passes, since voice messages are often declared Ogg whatever their
    /// container (read them with ``AudioInspector``); and the image types ``ImageFormat`` names (any image passes; ``ImageInspector``
    /// checks the format). Any other declared type, such as `application/octet-stream` or
    /// `text/plain`, accepts any content.
    ///
    /// - Throws: ``FileType/VerificationError``.
    public static func verify(_ content: PartContent, declaredType: MIMEType) throws(FileType.VerificationError)
        -> FileType
    {
        let prefix: Data
        switch content {
        case .data(let data):
            prefix = data.prefix(FormatSniffer.examinedPrefixLength)
        case .file(let url):
            do {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                prefix = try handle.read(upToCount: FormatSniffer.examinedPrefixLength) ?? Data()
            } catch {
                throw .unreadable(url, reason: error.localizedDescription)
            }
        }
        guard !prefix.isEmpty else { throw .empty }
        let type = FileType(sniffing: prefix)
        if let expected = Kind(declaredType), !expected.accepts(Kind(type)) {
            throw .mismatch(declaredType: declaredType, content: type)
        }
        return type
    }

    /// Whether ``verify(_:declaredType:)`` checks content declared as `declaredType` against its
    /// bytes (any other declared type accepts any content that is not empty).
    static func checksContent(declaredAs declaredType: MIMEType) -> Bool {
        Kind(declaredType) != nil
    }

    /// The kinds a declared type is checked against.
    private enum Kind {
        case image, isoMedia, pdf, zip, mp3, ogg, anyAudio, other

        init(_ type: FileType) {
            switch type {
            case .image: self = .image
            case .isoMedia: self = .isoMedia
            case .pdf: self = .pdf
            case .zip: self = .zip
            case .mp3: self = .mp3
            case .ogg: self = .ogg
            case .other: self = .other
            }
        }

        /// Whether content of kind `actual` passes for this declared kind.
        func accepts(_ actual: Kind) -> Bool {
            self == actual || (self == .anyAudio && [.ogg, .mp3, .isoMedia].contains(actual))
        }

        /// The kind `declared` names, or `nil` for a type that is not checked.
        init?(_ declared: MIMEType) {
            let essence = (declared.originalVariant ?? declared).essence
            switch essence {
            case "application/pdf", "application/x-pdf": self = .pdf
            case "audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg-3": self = .mp3
            case "audio/ogg", "audio/opus", "application/ogg": self = .anyAudio
            case "video/mp4", "video/quicktime", "audio/mp4", "audio/x-m4a", "audio/m4a", "video/x-m4v", "video/3gpp",
                "video/3gpp2", "audio/3gpp":
                self = .isoMedia
            case "application/zip", "application/x-zip-compressed", "application/java-archive",
                "application/vnd.android.package-archive":
                self = .zip
            default:
                if essence.hasSuffix("+zip") || essence.hasPrefix("application/vnd.openxmlformats-officedocument.") {
                    self = .zip
                } else if ImageFormat(mimeType: declared) != nil {
                    self = .image
                } else {
                    return nil
                }
            }
        }
    }
}
