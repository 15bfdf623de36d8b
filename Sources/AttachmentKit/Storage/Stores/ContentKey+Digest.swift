import Foundation

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
