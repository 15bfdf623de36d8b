/// Adopting entry files the journal lost: when records are damaged or cut off, a file in
/// `entries/` whose label (``EntryLabel``) is intact and names that very entry becomes an entry
/// again instead of being removed.
extension FileStoreOpening {
    /// Adds to `index` the orphans (names in `entries/` it doesn't list) whose file has an intact
    /// label of its own entry and the size the label records, as the least recently used
    /// entries (the most recently written last), as many as fit within `capacity` after the
    /// entries already held; returns the orphans not adopted, which the caller removes.
    ///
    /// An adopted entry is unverified: its first hit checks its content against the label's
    /// checksum, as for any entry after the store opens, so damaged content is a miss.
    static func adopt(
        _ orphans: [String], into index: inout FileStoreIndex, capacity: Int64, layout: StoreLayout,
        fileSystem: any StoreFileSystem
    ) -> (adopted: Int, rejected: [String]) {
        var rejected: [String] = []
        var labelled: [(digest: SHA256Digest, label: EntryLabel)] = []
        for name in orphans {
            let path = layout.entries + "/" + name
            guard let digest = SHA256Digest(hex: name), let size = fileSystem.sizeOfFile(atPath: path),
                let bytes = fileSystem.label(atPath: path),
                let label = EntryLabel(decoding: bytes, digest: digest, size: size)
            else {
                rejected.append(name)
                continue
            }
            labelled.append((digest, label))
        }
        var held = index.usage.byteCount
        var adopted = 0
        // Each is inserted as the least recently used, so the most recently written goes first.
        for (digest, label) in labelled.sorted(by: { $0.label.written > $1.label.written }) {
            guard held + label.size <= capacity else {
                rejected.append(digest.hex)
                continue
            }
            held += label.size
            index.adopt(label, for: digest)
            adopted += 1
        }
        return (adopted, rejected)
    }
}
