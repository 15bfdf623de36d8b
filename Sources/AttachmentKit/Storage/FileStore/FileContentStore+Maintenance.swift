import Foundation

extension FileContentStore {
    /// Removes the content stored under `key`, if any.
    public func removeContent(for key: ContentKey) async {
        let digest = key.storageDigest
        await StorageIO.run(on: changeQueue) { [self] in _ = commitRemoval(of: [digest]) }
    }

    /// Purges the store: removes every entry and every partial download.
    public func removeAll() async {
        await StorageIO.run(on: changeQueue) { [self] in
            let writers = withPartialDownloads { kept in
                defer { kept = KeptPartialDownloads() }
                return Array(kept.writers.values)
            }
            for writer in writers { writer.invalidate() }
            guard !isClosed else { return }
            commitPurge()
            for name in (try? fileSystem.contentsOfDirectory(atPath: layout.partial)) ?? [] {
                fileSystem.removeFile(atPath: layout.partial + "/" + name)
            }
        }
    }

    /// Evicts least recently used entries until the store holds at most `byteCount` bytes.
    public func trim(toByteCount byteCount: Int64) async {
        await StorageIO.run(on: changeQueue) { [self] in evict(toByteCount: byteCount) }
    }

    /// Removes the entries last used before `date`, for apps that keep attachments for a
    /// limited time.
    public func removeEntries(usedBefore date: Date) async {
        let cutoff = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        await StorageIO.run(on: changeQueue) { [self] in
            let keys = index.withLock { $0.entries(usedBefore: cutoff) }
            if !keys.isEmpty { commitRemoval(of: keys) }
        }
    }

    /// Waits for checksums being computed in the background, then writes the access times
    /// held in memory to the manifest.
    ///
    /// The store writes access times with its next change anyway; call this before the app is
    /// suspended so that the order of use survives if the app is then terminated.
    public func flush() async {
        await withCheckedContinuation { continuation in
            backgroundWork.notify(queue: changeQueue) { continuation.resume() }
        }
        await StorageIO.run(on: changeQueue) { [self] in commitTouches() }
    }

    /// Reconciles the entries directory with the index off the caller's path, once the store
    /// is open: files the manifest doesn't list (orphans, left by a journal cut on a record
    /// boundary) are adopted when their label verifies and they fit within the capacity
    /// (``FileStoreOpening/adopt(_:into:capacity:layout:fileSystem:)``) and removed otherwise,
    /// so that the byte capacity holds on disk, and entries whose file is gone are forgotten.
    /// ``flush()`` and ``close()`` wait for it, and so does a lookup of a key the index lacks
    /// whose file is there (``awaitAdoption(of:at:)``), so that no read misses an entry adopted
    /// a moment later.
    ///
    /// The journal's lock is held throughout, so that no change moves a file into the
    /// directory while it is compared; reads go on meanwhile.
    func reconcileEntriesInBackground() {
        // Without the store itself, so that releasing the store never waits for this to start;
        // closing (or releasing) it waits for the journal's lock, and so for this to finish.
        let (journal, index, fileSystem, layout, capacity) = (journal, index, fileSystem, layout, byteCapacity)
        changeQueue.async(group: backgroundWork) {
            Self.reconcileEntries(
                journal: journal, index: index, fileSystem: fileSystem, layout: layout, capacity: capacity)
        }
    }

    private static func reconcileEntries(
        journal: LockedState<Journal>, index: LockedState<FileStoreIndex>, fileSystem: any StoreFileSystem,
        layout: StoreLayout, capacity: Int64
    ) {
        journal.withLock { journal in
            defer { index.withLock { $0.adoptionPending = false } }
            guard !journal.isClosed, let names = try? fileSystem.contentsOfDirectory(atPath: layout.entries)
            else { return }
            let (orphans, missing) = index.withLock { FileStoreOpening.differences(between: names, and: $0) }
            guard !orphans.isEmpty || !missing.isEmpty else { return }
            let (adopted, rejected, snapshot) = index.withLock { index in
                for key in missing { index.remove(key) }
                let (adopted, rejected) = FileStoreOpening.adopt(
                    orphans, into: &index, capacity: capacity, layout: layout, fileSystem: fileSystem)
                return (adopted, rejected, adopted > 0 ? index.snapshotRecords() : [])
            }
            for name in rejected { fileSystem.removeFile(atPath: layout.entries + "/" + name) }
            do {
                // Adopted entries are the least recently used: only a rewrite puts them first.
                if adopted > 0 {
                    try journal.rewrite(with: snapshot)
                } else {
                    try journal.append(missing.map { ManifestRecord(kind: .remove, key: $0) })
                }
            } catch {
                journal.needsRewrite = true
            }
        }
    }

    /// Waits for the background adoption when it may bring back the entry at `path`: it has not
    /// finished, and a file is there (the caller found no entry for `key`). Returns whether it
    /// waited; the caller then looks the key up again.
    ///
    /// A lookup of a key that is simply not stored costs one `stat` more, and only until the
    /// adoption has finished, which is soon after opening.
    func awaitAdoption(of key: SHA256Digest, at path: String) async -> Bool {
        guard index.withLock({ $0.adoptionPending && $0.entry(key) == nil }), fileSystem.sizeOfFile(atPath: path) != nil
        else { return false }
        // The adoption runs on the change queue, queued when the store opened: this runs after it.
        await StorageIO.run(on: changeQueue) {}
        return true
    }

    /// Removes the entry for `key` if it still has the content numbered `serial`; returns
    /// whether it did.
    func removeEntry(_ key: SHA256Digest, ifSerial serial: UInt64) async -> Bool {
        await StorageIO.run(on: changeQueue) { [self] in commitRemoval(of: [key], ifSerial: serial) }
    }
}
