import AttachmentKit

extension MatrixMediaContent {
    /// Why an event content was refused by ``MatrixMediaContent/init(json:)``; each case names
    /// the field at fault by its path, such as `info.thumbnail_info.w`.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The bytes are not a JSON object, or more than a Matrix event may hold (64 KiB).
        case notAJSONObject
        /// A required field is absent.
        case missingField(String)
        /// A field has the wrong JSON type: its path and the type it must have.
        case wrongType(field: String, expected: String)
        /// `msgtype` is not `m.image`, `m.video`, `m.audio` or `m.file`.
        case unsupportedMessageType(String)
        /// Both of two fields that exclude each other are present (`url` and `file`).
        case conflictingFields(String, String)
        /// Neither `url` nor `file` is present.
        case missingSource
        /// A content URI that is not `mxc://<server-name>/<media-id>`.
        case invalidContentURI(field: String, value: String)
        /// An `EncryptedFile` object that is refused: its path and why.
        case invalidEncryptedFile(field: String, EncryptedFile.Error)
        /// A number out of its range (a negative size, a zero width): its path and value.
        case outOfRange(field: String, value: Int64)
        /// A media type that does not parse.
        case invalidMediaType(field: String, MIMEType.Error)
        /// A BlurHash that does not decode.
        case invalidBlurHash(field: String, BlurHash.Error)

        public var description: String {
            switch self {
            case .notAJSONObject: "the event content is not a JSON object of at most 64 KiB"
            case .missingField(let field): "the event content has no \(field)"
            case .wrongType(let field, let expected): "the event content's \(field) is not \(expected)"
            case .unsupportedMessageType(let type):
                "the event content's msgtype is \(type), not m.image, m.video, m.audio or m.file"
            case .conflictingFields(let first, let second):
                "the event content has both \(first) and \(second); it may have only one"
            case .missingSource: "the event content has neither url nor file"
            case .invalidContentURI(let field, let value):
                "the event content's \(field) is \"\(value.prefix(80))\", not an mxc://server/media-id URI"
            case .invalidEncryptedFile(let field, let error): "the event content's \(field): \(error)"
            case .outOfRange(let field, let value): "the event content's \(field) is \(value), out of range"
            case .invalidMediaType(let field, let error): "the event content's \(field): \(error)"
            case .invalidBlurHash(let field, let error): "the event content's \(field): \(error)"
            }
        }
    }
}
