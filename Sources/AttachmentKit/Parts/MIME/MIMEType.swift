/// A media type such as `image/jpeg`, `image/jpeg+preview` or
/// `application/vnd.layer.image+json; role=preview`.
///
/// The type and subtype compare case-insensitively (`IMAGE/JPEG` equals `image/jpeg`), keep
/// the spelling they were written with, and parameters are kept: parameter names compare
/// case-insensitively and values exactly. Parse a string with ``init(_:)``, which rejects
/// anything that is not `type/subtype` made of RFC 2045 token characters, at most
/// ``maximumByteCount`` bytes long, with a typed ``MIMEType/Error``.
///
/// The preview form of a type is derived by rule, not looked up: ``previewVariant`` appends
/// `+preview` to the subtype (`image/gif` → `image/gif+preview`).
public struct MIMEType: Sendable, Hashable, CustomStringConvertible {
    /// The top-level type, as written (for example `image`).
    public let type: String
    /// The subtype, as written, including any `+suffix` (for example `jpeg+preview`).
    public let subtype: String
    /// The parameters, keyed by lowercased name, with quoted values unquoted.
    public let parameters: [String: String]
    /// `type/subtype` lowercased, without parameters: the part that identifies the format.
    public let essence: String

    /// The longest string, in UTF-8 bytes, that ``init(_:)`` accepts.
    package static let maximumByteCount = 255

    /// The suffix that marks a preview (low-resolution) variant of a type.
    package static let previewSuffix = "+preview"

    /// Parses a media type.
    ///
    /// - Parameter string: A string such as `image/jpeg` or `text/plain; charset=utf-8`.
    ///   Leading and trailing spaces are ignored.
    /// - Throws: ``MIMEType/Error`` naming what was wrong with `string`.
    public init(_ string: String) throws(MIMEType.Error) {
        self = try MIMETypeParser.parse(string)
    }

    /// Creates a media type from parts that are already known to be valid.
    ///
    /// - Parameters:
    ///   - type: The top-level type, such as `image`.
    ///   - subtype: The subtype, such as `jpeg`.
    ///   - parameters: Parameters keyed by name; names are lowercased.
    /// - Throws: ``MIMEType/Error`` when a part contains a character outside the RFC 2045 token set.
    package init(type: String, subtype: String, parameters: [String: String] = [:]) throws(MIMEType.Error) {
        var text = "\(type)/\(subtype)"
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            text += "; \(name)=\"\(value.replacingOccurrences(of: "\"", with: "\\\""))\""
        }
        self = try MIMEType(text)
    }

    internal init(validatedType type: String, subtype: String, parameters: [String: String]) {
        self.type = type
        self.subtype = subtype
        self.parameters = parameters
        self.essence = "\(type)/\(subtype)".lowercased()
    }

    /// Whether the subtype ends in `+preview` (compared case-insensitively).
    public var isPreview: Bool { essence.hasSuffix(Self.previewSuffix) }

    /// Whether the top-level type is `image`.
    public var isImage: Bool { essence.hasPrefix("image/") }

    /// The preview variant of this type: the subtype with `+preview` appended, parameters
    /// kept. A type that already is a preview is returned unchanged.
    public var previewVariant: MIMEType {
        guard !isPreview else { return self }
        return MIMEType(validatedType: type, subtype: subtype + Self.previewSuffix, parameters: parameters)
    }

    /// The type this preview stands in for (`image/gif+preview` → `image/gif`), or `nil` when
    /// this type is not a preview.
    public var originalVariant: MIMEType? {
        guard isPreview else { return nil }
        let base = String(subtype.dropLast(Self.previewSuffix.count))
        return MIMEType(validatedType: type, subtype: base, parameters: parameters)
    }

    /// Whether `self` has the same essence as `pattern` and carries every parameter of
    /// `pattern` with the same value. `image/jpeg; q=1` matches the pattern `image/jpeg`;
    /// `image/jpeg` does not match the pattern `image/jpeg; q=1`.
    public func matches(_ pattern: MIMEType) -> Bool {
        guard essence == pattern.essence else { return false }
        return pattern.parameters.allSatisfy { parameters[$0.key] == $0.value }
    }

    /// The type as text: `type/subtype`, then `; name=value` for each parameter in name order
    /// (values quoted where they need to be).
    public var description: String {
        var text = "\(type)/\(subtype)"
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            let needsQuotes = value.isEmpty || !value.unicodeScalars.allSatisfy(MIMETypeParser.isTokenCharacter)
            text += needsQuotes ? "; \(name)=\"\(value)\"" : "; \(name)=\(value)"
        }
        return text
    }

    public static func == (lhs: MIMEType, rhs: MIMEType) -> Bool {
        lhs.essence == rhs.essence && lhs.parameters == rhs.parameters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(essence)
        hasher.combine(parameters)
    }
}
