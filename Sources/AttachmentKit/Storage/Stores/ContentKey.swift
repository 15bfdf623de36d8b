import Foundation

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

extension ContentKey {
    /// The SHA-256 of the key, which names the key's files: the part identity and the
    /// representation, each in Unicode Normalization Form C (so that keys Swift considers
    /// equal, such as `"caf\u{E9}"` and `"cafe\u{301}"`, name the same file), are
    /// length-prefixed so that no two keys share an encoding, and no part of the key ever
    /// reaches a path.
    var storageDigest: SHA256Digest {
        var hasher = SHA256()
        var prefix = "AttachmentKit.ContentKey.1"
        prefix.withUTF8 { hasher.update(UnsafeRawBufferPointer($0)) }
        for component in [partID.rawValue, representation.rawValue] {
            var normalized = Self.canonicalComposition(of: component)
            normalized.withUTF8 { utf8 in
                withUnsafeBytes(of: UInt64(utf8.count).bigEndian) { hasher.update($0) }
                hasher.update(UnsafeRawBufferPointer(utf8))
            }
        }
        return hasher.finalize()
    }

    /// `string` in Normalization Form C; ASCII (the usual part identity) is already in it, and
    /// skips Foundation.
    static func canonicalComposition(of string: String) -> String {
        var string = string
        let isASCII = string.withUTF8 { utf8 in utf8.allSatisfy { $0 < 0x80 } }
        return isASCII ? string : string.precomposedStringWithCanonicalMapping
    }
}
