import Foundation

/// Finding an entry: as a file URL, with corruption reported, as an open file, or only
/// whether it is there.
extension FileContentStore {
    /// The content stored under `key`, as a file URL, or `nil` on a miss.
    ///
    /// A hit makes the entry the most recently used. An entry whose file is missing, has the
    /// wrong size, or (on its first hit in this process) doesn't match its checksum is removed
    /// and reported as a miss; ``checkedContent(for:)`` tells that apart from a miss.
    public func content(for key: ContentKey) async -> PartContent? {
        (try? await checkedContent(for: key)) ?? nil
    }

    /// The content stored under `key`, as a file URL, or `nil` on a miss; like
    /// ``content(for:)``, except that an entry found damaged is reported.
    ///
    /// When the journal's record of an entry is stale (damage cost the record of its newest
    /// write), the entry's file is served if the checksum the store wrote beside it, in the
    /// file's extended attributes, vouches for its bytes; it is never served otherwise, and
    /// nothing older than the file is ever served. Right after opening, a key whose entry the
    /// store is still adopting in the background is waited for, not missed.
    ///
    /// - Throws: ``ContentStoreError/corruptEntry(_:reason:)`` when the entry's file was
    ///   missing, had the wrong size or didn't match its checksum (the entry has been removed,
    ///   so asking again is a miss); ``ContentStoreError/storeClosed(_:)`` once the store is
    ///   closed.
    public func checkedContent(for key: ContentKey) async throws(ContentStoreError) -> PartContent? {
        let digest = key.storageDigest
        let path = layout.entry(digest)
        var checks = 0
        var waitedForAdoption = false
        var rescued = false
        // A second check covers an entry replaced while it was being checked; waiting for the
        // adoption, and a rescue, each look once more.
        while checks < 2 {
            let (found, flushTouches, closed) = index.withLock { index in
                guard !index.isClosed else { return (DiskEntry?.none, false, true) }
                return (
                    index.use(digest, at: timestamp()), index.needsTouchFlush(after: Self.touchesBeforeFlush), false
                )
            }
            if closed { throw .storeClosed(directory) }
            if flushTouches { flushTouchesInBackground() }
            guard let entry = found else {
                guard !waitedForAdoption, await awaitAdoption(of: digest, at: path) else { return nil }
                waitedForAdoption = true
                continue
            }
            guard let damage = await damage(of: entry, digest, at: path) else {
                return .file(URL(fileURLWithPath: path, isDirectory: false))
            }
            if !rescued, await rescueFromLabel(key, digest, entry, at: path) {
                rescued = true
                continue
            }
            checks += 1
            if await removeEntry(digest, ifSerial: entry.serial) { throw .corruptEntry(key, reason: damage) }
        }
        return nil
    }

    /// The content stored under `key` as a file open for reading, or `nil` on a miss; counts as
    /// a use, like ``content(for:)``.
    ///
    /// The handle keeps the bytes readable for as long as it is open, even if the entry is
    /// replaced, evicted or removed meanwhile (the store replaces and removes files, it never
    /// rewrites them): use it when a file URL could go before the caller has read it. Close
    /// it when done.
    ///
    /// - Throws: what ``checkedContent(for:)`` throws.
    public func openContent(for key: ContentKey) async throws(ContentStoreError) -> FileHandle? {
        // A file evicted between the lookup and the open is looked up again.
        for _ in 0..<2 {
            guard let url = try await checkedContent(for: key)?.fileURL else { return nil }
            if let descriptor = try? fileSystem.openForReading(atPath: url.path) {
                return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            }
        }
        return nil
    }

    /// Whether the store holds an entry for `key`, without counting a use and without reading
    /// the entry: for settings screens and diagnostics, not for deciding to download (the
    /// entry may be found damaged when it is read).
    ///
    /// Right after opening, while the store adopts files its journal lost, an unknown key whose
    /// file is there waits for the adoption, as ``checkedContent(for:)`` does.
    public func contains(_ key: ContentKey) async -> Bool {
        let digest = key.storageDigest
        if index.withLock({ $0.entry(digest) != nil }) { return true }
        guard await awaitAdoption(of: digest, at: layout.entry(digest)) else { return false }
        return index.withLock { $0.entry(digest) != nil }
    }

    /// The keys of the entries held, least recently used first, without counting a use or
    /// touching the disk: for a settings screen that lists what is stored.
    ///
    /// The journal records each key beside its entry. Entries written by a version of
    /// AttachmentKit that did not, keys longer than 4 KiB, and entries whose name record was
    /// damaged are held and served but not listed; ``usage()`` counts every entry.
    public func keys() async -> [ContentKey] {
        // Entries being adopted right after opening are listed once adopted.
        if index.withLock({ $0.adoptionPending }) { await StorageIO.run(on: changeQueue) {} }
        return index.withLock { $0.knownKeys() }
    }

    /// What is wrong with the entry's file, or `nil` when it is intact.
    private func damage(of entry: DiskEntry, _ digest: SHA256Digest, at path: String) async -> String? {
        guard let size = fileSystem.sizeOfFile(atPath: path) else { return "its file is missing" }
        guard size == entry.size else { return "its file has \(size) bytes, not \(entry.size)" }
        if !entry.verified, await !verify(digest, entry) { return "its content doesn't match its checksum" }
        return nil
    }
}
