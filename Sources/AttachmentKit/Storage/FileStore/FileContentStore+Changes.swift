import Dispatch

/// Every change to a ``FileContentStore``'s entries, run one at a time under the journal's lock
/// (see the lock order at ``FileContentStore``; all but ``commit(_:)`` on `changeQueue`,
/// checked): the change is logged first, carried out second, and applied to the index last, so
/// that a crash between any two steps leaves a journal that recovery can finish (see
/// ``FileStoreOpening``).
extension FileContentStore {
    /// A file in the staging directory, complete and ready to become a key's content.
    struct StagedContent: Sendable {
        var key: ContentKey
        var digest: SHA256Digest
        var stagedFile: UInt64
        var size: Int64
        /// The content's checksum, when it was computed while writing.
        var checksum: UInt64?
        /// Where the file goes back to if the change fails (an ingested download); without
        /// one it is deleted.
        var returnPath: String?
    }

    /// Makes `staged` the content of its key, evicting least recently used entries to make
    /// room, and returns the new entry's serial number.
    func commit(_ staged: StagedContent) -> Result<UInt64, ContentStoreError> {
        journal.withLock { journal in
            guard !journal.isClosed else {
                abandon(staged)
                return .failure(.storeClosed(directory))
            }
            rewriteIfNeeded(&journal)
            let time = timestamp()
            let (victims, touches) = index.withLock { index in
                (
                    index.victims(toFit: staged.size, for: staged.digest, capacity: byteCapacity),
                    index.takeTouchRecords()
                )
            }
            let put = ManifestRecord(
                kind: .put, key: staged.digest, size: staged.size, checksum: staged.checksum, lastAccess: time,
                stagedFile: staged.stagedFile)
            do throws(FileSystemError) {
                // A failed append is cut off again, so the journal still matches the index.
                try journal.append(
                    touches + victims.map { ManifestRecord(kind: .remove, key: $0) }
                        + staged.key.nameRecords(digest: staged.digest) + [put])
            } catch {
                abandon(staged)
                return .failure(.writeFailed(staged.key, reason: error.description))
            }
            do throws(FileSystemError) {
                try fileSystem.rename(layout.staged(staged.stagedFile), to: layout.entry(staged.digest))
            } catch {
                // Logged but not carried out: rewriting the journal from the index undoes it.
                journal.needsRewrite = true
                abandon(staged)
                return .failure(.writeFailed(staged.key, reason: error.description))
            }
            let serial = applyPut(
                of: staged.digest, name: staged.key, size: staged.size, checksum: staged.checksum, at: time,
                evicting: victims)
            // The rename is not flushed on its own (a directory flush costs more than the
            // write): if power fails before the system writes it, the staged file is still
            // there and the logged change is finished when the store opens.
            compactIfLarge(&journal)
            return .success(serial)
        }
    }

    /// Applies a logged put whose file is in place: the victims leave the index and their files
    /// go, and `digest` gets a verified entry as the most recently used; returns its serial.
    func applyPut(
        of digest: SHA256Digest, name: ContentKey, size: Int64, checksum: UInt64?, at time: Int64,
        evicting victims: [SHA256Digest]
    ) -> UInt64 {
        let serial = index.withLock { index in
            for victim in victims { index.remove(victim) }
            let serial = index.nextSerial()
            let entry = DiskEntry(size: size, checksum: checksum, lastAccess: time, serial: serial, verified: true)
            index.set(entry, for: digest, name: name)
            return serial
        }
        for victim in victims { fileSystem.removeFile(atPath: layout.entry(victim)) }
        return serial
    }

    /// Removes the entries for `keys` (only while an entry's serial is `serial`, when given)
    /// and returns whether any was removed.
    ///
    /// Removal can't fail: if the journal can't be written, the files go anyway and the
    /// journal is rewritten at the next change; an entry listed without its file reads as a
    /// miss.
    @discardableResult
    func commitRemoval(of keys: [SHA256Digest], ifSerial serial: UInt64? = nil) -> Bool {
        dispatchPrecondition(condition: .onQueue(changeQueue))
        return journal.withLock { journal in
            guard !journal.isClosed else { return false }
            rewriteIfNeeded(&journal)
            let (targets, touches) = index.withLock { index in
                let targets = keys.filter { key in
                    index.entry(key).map { serial == nil || $0.serial == serial } ?? false
                }
                return (targets, index.takeTouchRecords())
            }
            do {
                try journal.append(touches + targets.map { ManifestRecord(kind: .remove, key: $0) })
            } catch {
                journal.needsRewrite = true
            }
            guard !targets.isEmpty else { return false }
            index.withLock { index in
                for target in targets { index.remove(target) }
            }
            for target in targets { fileSystem.removeFile(atPath: layout.entry(target)) }
            compactIfLarge(&journal)
            return true
        }
    }

    /// Records the checksum computed for an entry after it was stored, unless the entry has
    /// been replaced since.
    func commitChecksum(_ checksum: UInt64, for key: SHA256Digest, serial: UInt64) {
        dispatchPrecondition(condition: .onQueue(changeQueue))
        journal.withLock { journal in
            guard !journal.isClosed else { return }
            let entry = index.withLock { index in
                guard let entry = index.entry(key), entry.serial == serial else { return DiskEntry?.none }
                index.update(key) { entry in
                    entry.checksum = checksum
                    entry.verified = true
                }
                return entry
            }
            guard let entry else { return }
            let record = ManifestRecord(kind: .checksum, key: key, size: entry.size, checksum: checksum)
            do { try journal.append([record]) } catch { journal.needsRewrite = true }
        }
    }

    /// Writes the access times held in memory to the journal.
    func commitTouches() {
        dispatchPrecondition(condition: .onQueue(changeQueue))
        journal.withLock { journal in
            guard !journal.isClosed else { return }
            let touches = index.withLock { $0.takeTouchRecords() }
            try? journal.append(touches)
            compactIfLarge(&journal)
        }
    }

    /// Empties the store: the journal is replaced by a purge marker (so that an interrupted
    /// purge is finished when the store next opens), every file goes, and the journal is
    /// rewritten empty.
    func commitPurge() {
        dispatchPrecondition(condition: .onQueue(changeQueue))
        journal.withLock { journal in
            guard !journal.isClosed else { return }
            let marker = ManifestRecord(kind: .purge, key: SHA256Digest(0, 0, 0, 0))
            try? journal.rewrite(with: [marker])
            index.withLock { $0.removeAll() }
            for name in (try? fileSystem.contentsOfDirectory(atPath: layout.entries)) ?? [] {
                fileSystem.removeFile(atPath: layout.entries + "/" + name)
            }
            do { try journal.rewrite(with: []) } catch { journal.needsRewrite = true }
        }
    }

    /// Evicts least recently used entries until at most `byteCount` bytes are held.
    func evict(toByteCount byteCount: Int64) {
        dispatchPrecondition(condition: .onQueue(changeQueue))
        let victims = index.withLock { $0.victims(toFit: 0, for: nil, capacity: max(0, byteCount)) }
        if !victims.isEmpty { commitRemoval(of: victims) }
    }

    /// Deletes a staged file whose change failed, or moves an ingested file back.
    private func abandon(_ staged: StagedContent) {
        let path = layout.staged(staged.stagedFile)
        if let returnPath = staged.returnPath, (try? fileSystem.rename(path, to: returnPath)) != nil { return }
        fileSystem.removeFile(atPath: path)
    }

    func rewriteIfNeeded(_ journal: inout Journal) {
        guard journal.needsRewrite else { return }
        try? journal.rewrite(with: index.withLock { $0.snapshotRecords() })
    }

    /// Rewrites the journal once it holds more than twice as many records as there are
    /// entries (plus some slack), so that its size and the time to open it stay proportional
    /// to the number of entries.
    func compactIfLarge(_ journal: inout Journal) {
        let liveRecords = index.withLock { $0.snapshotRecordCount }
        guard journal.recordCount > 2 * liveRecords + compactionSlack else { return }
        try? journal.rewrite(with: index.withLock { $0.snapshotRecords() })
    }
}
