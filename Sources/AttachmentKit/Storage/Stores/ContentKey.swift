/// What a ``ContentStore`` stores content under: a part's identity plus the representation of
/// it (the original bytes, or something derived from them).
///
/// Any string is a valid part identity or representation; stores never let a key choose a
/// path.
///
/// Two keys are the same key when they are `==`, which compares their strings by Unicode
/// canonical equivalence, as Swift's `String` does: `"caf\u{E9}"` (a precomposed é) and
/// `"cafe\u{301}"` (e and a combining accent) are one key. Every store agrees: the in-memory
/// store by hashing, the file store by naming files after the key in Normalization Form C.
public struct ContentKey: Sendable, Hashable, CustomStringConvertible {
    /// The part the content belongs to.
    public var partID: PartID
    /// Which representation of the part this is; ``Representation/original`` for the part's
    /// own bytes.
    public var representation: Representation

    /// Creates a key.
    public init(partID: PartID, representation: Representation = .original) {
        self.partID = partID
        self.representation = representation
    }

    public var description: String { "\(partID)#\(representation.rawValue)" }

    /// A representation of a part's content.
    public struct Representation: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The representation's name.
        public let rawValue: String
        /// Creates a representation from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates a representation from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// The part's content as downloaded.
        public static let original = Representation(rawValue: "original")
    }
}
