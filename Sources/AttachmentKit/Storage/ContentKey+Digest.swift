extension ContentKey {
    /// The SHA-256 of the key, which names the key's files: the part identity and the
    /// representation are length-prefixed so that no two keys share an encoding, and no part of
    /// the key ever reaches a path.
    var storageDigest: SHA256Digest {
        var hasher = SHA256()
        var prefix = "AttachmentKit.ContentKey.1"
        prefix.withUTF8 { hasher.update(UnsafeRawBufferPointer($0)) }
        for var component in [partID.rawValue, representation.rawValue] {
            component.withUTF8 { utf8 in
                withUnsafeBytes(of: UInt64(utf8.count).bigEndian) { hasher.update($0) }
                hasher.update(UnsafeRawBufferPointer(utf8))
            }
        }
        return hasher.finalize()
    }
}
