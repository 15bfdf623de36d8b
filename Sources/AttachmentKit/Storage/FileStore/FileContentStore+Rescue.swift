import Dispatch

/// Rescuing an entry whose journal record is stale: the file is intact, but the journal
/// describes an older content of its key (the newest put was damaged or cut off, an older put
/// of the same key survived), so the file looks damaged on its first read.
///
/// What is served is always the key's file as it is on disk, and only when its bytes match a
/// checksum the store wrote for exactly those bytes:
/// - the journal's, when it describes the file;
/// - otherwise the file's own label (``EntryLabel``), written with the content before the file
///   was moved into place, when the label is intact and names this entry.
///
/// Nothing older than the file is ever served: files are replaced by rename, so once a newer
/// content is in place the older bytes are gone, and a file that matches neither description
/// (damaged content) is removed and reported as corrupt, a miss for ``content(for:)``. A cache
/// user expects that: a miss is fetched again, while silently serving an older version would
/// undo a write the store acknowledged.
extension FileContentStore {
    /// When the entry's file has a label that describes it differently from `entry` (the
    /// journal's description) and its content matches the label's checksum, makes the label's
    /// description the entry's, records it in the journal, and returns `true`: the caller looks
    /// the key up again. Returns `false`, changing nothing, otherwise.
    func rescueFromLabel(_ key: ContentKey, _ digest: SHA256Digest, _ entry: DiskEntry, at path: String) async
        -> Bool
    {
        guard let size = fileSystem.sizeOfFile(atPath: path), size <= byteCapacity,
            let bytes = fileSystem.label(atPath: path),
            let label = EntryLabel(decoding: bytes, digest: digest, size: size),
            // A label that agrees with the journal means the content itself is damaged.
            label.size != entry.size || label.checksum != entry.checksum
        else { return false }
        let computed = await StorageIO.run(on: StorageIO.parallel) { [self] in checksum(ofFileAt: path) }
        guard let (readSize, checksum) = computed, readSize == label.size, checksum == label.checksum else {
            return false
        }
        return await StorageIO.run(on: changeQueue) { [self] in
            commitRescue(label, of: key, digest, replacing: entry.serial)
        }
    }

    /// Replaces the entry numbered `serial` by the verified description in `label`, evicting
    /// least recently used entries if its size needs room, unless the entry has changed since;
    /// returns whether it did.
    ///
    /// The file is already in place, so this can't fail: if the journal can't be written, it is
    /// rewritten from the index at the next change.
    private func commitRescue(_ label: EntryLabel, of key: ContentKey, _ digest: SHA256Digest, replacing serial: UInt64)
        -> Bool
    {
        dispatchPrecondition(condition: .onQueue(changeQueue))
        return journal.withLock { journal in
            guard !journal.isClosed, index.withLock({ $0.entry(digest)?.serial == serial }) else { return false }
            rewriteIfNeeded(&journal)
            let time = timestamp()
            let (victims, touches) = index.withLock { index in
                (index.victims(toFit: label.size, for: digest, capacity: byteCapacity), index.takeTouchRecords())
            }
            let put = ManifestRecord(
                kind: .put, key: digest, size: label.size, checksum: label.checksum, lastAccess: time)
            do {
                try journal.append(
                    touches + victims.map { ManifestRecord(kind: .remove, key: $0) }
                        + key.nameRecords(digest: digest) + [put])
            } catch {
                journal.needsRewrite = true
            }
            _ = applyPut(
                of: digest, name: key, size: label.size, checksum: label.checksum, at: time, evicting: victims)
            compactIfLarge(&journal)
            return true
        }
    }
}
