extension ContentKey {
    /// The SHA-256 of the key, which names the key's files: the part identity and the
    /// representation are length-prefixed so that no two keys share an encoding, and no part of
    /// the key ever reaches a path.
    var storageDigest: SHA256Digest {
        var hasher = SHA256()
        hasher.update(Array("AttachmentKit.ContentKey.1".utf8))
        for component in [partID.rawValue, representation.rawValue] {
            let bytes = Array(component.utf8)
            var length = UInt64(bytes.count).bigEndian
            withUnsafeBytes(of: &length) { hasher.update($0) }
            hasher.update(bytes)
        }
        return hasher.finalize()
    }
}
