extension MIMEType {
    /// Why a string is not a valid media type.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The string is empty or only spaces.
        case empty
        /// The string is longer than 255 UTF-8 bytes.
        case tooLong(byteCount: Int)
        /// There is no `/` between the type and the subtype (for example `jpeg`).
        case missingSlash(String)
        /// Nothing stands before the `/` (for example `/jpeg`).
        case emptyType(String)
        /// Nothing stands after the `/` (for example `image/`).
        case emptySubtype(String)
        /// A character that is not allowed in a media type: a control character, a space inside
        /// the type, or one of `()<>@,;:\"/[]?=` where a token was expected.
        case invalidCharacter(Unicode.Scalar, in: String)
        /// A parameter is not of the form `name=value`.
        case malformedParameter(String)

        public var description: String {
            switch self {
            case .empty: "the media type is empty"
            case .tooLong(let count):
                "the media type is \(count) bytes long; at most \(MIMEType.maximumByteCount) are allowed"
            case .missingSlash(let text): "\"\(text)\" has no '/' between type and subtype"
            case .emptyType(let text): "\"\(text)\" has no type before the '/'"
            case .emptySubtype(let text): "\"\(text)\" has no subtype after the '/'"
            case .invalidCharacter(let scalar, let text):
                "\"\(text.debugDescription.dropFirst().dropLast())\" contains U+\(String(scalar.value, radix: 16, uppercase: true)), "
                    + "which is not allowed in a media type"
            case .malformedParameter(let parameter): "the parameter \"\(parameter)\" is not of the form name=value"
            }
        }
    }
}
