/// The stable identity of a message part: the same part has the same identity across
/// launches, in every message object that carries it.
///
/// Downloads are coalesced and content is stored by this identity, so an adapter should use
/// the chat SDK's own permanent identifier (a part's server URL or UUID, for example), never
/// an object address.
public struct PartID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The identity as text.
    public let rawValue: String

    /// Creates an identity from text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates an identity from text.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates an identity from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
