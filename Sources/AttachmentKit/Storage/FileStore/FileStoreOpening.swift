/// Opening a ``FileContentStore``'s directory: reading the journal, finishing or undoing what a
/// crash interrupted, and removing what can't be trusted.
enum FileStoreOpening {
    /// The index and journal of the store in `layout`, after recovery, and the digests of the
    /// partial downloads kept:
    ///
    /// - the journal's intact records are read (a damaged record costs that record alone) and
    ///   a torn tail is cut off;
    /// - the last batch of changes is carried out again (a staged file that was logged but not
    ///   yet moved into place is moved; a logged removal is done), so that every key has either
    ///   its old content or its new content;
    /// - everything left in the staging directory is removed;
    /// - partial downloads missing their data or their state file are removed;
    /// - when the journal is missing or damaged, or a purge was interrupted, the entries
    ///   directory is reconciled with the index (a file the index doesn't list is adopted when
    ///   its label verifies and it fits within `byteCapacity`, and removed otherwise, or always
    ///   after a purge; an entry without its file is forgotten) and the journal is rewritten
    ///   from the index;
    ///   otherwise the store does the same in the background once open
    ///   (``FileContentStore/reconcileEntriesInBackground()``), since a journal cut on a record
    ///   boundary looks intact.
    ///
    /// The caller must hold the directory's lock (``lock(_:fileSystem:)``).
    static func open(layout: StoreLayout, fileSystem: any StoreFileSystem, synchronizes: Bool, byteCapacity: Int64)
        throws(FileSystemError) -> (
            index: FileStoreIndex, journal: Journal, partialDownloads: [SHA256Digest], reconciled: Bool
        )
    {
        for directory in [layout.entries, layout.staging, layout.partial] {
            try fileSystem.createDirectory(atPath: directory)
        }
        if StoreFormat.recorded(in: layout, fileSystem: fileSystem) != StoreFormat.current {
            try StoreFormat.record(in: layout, fileSystem: fileSystem, synchronizes: synchronizes)
        }
        let contents = try Journal.read(layout: layout, fileSystem: fileSystem)
        // Sized for every entry the journal puts, so that replaying it never grows the table.
        var index = FileStoreIndex(minimumCapacity: contents.records.lazy.filter { $0.kind == .put }.count)
        var purged = false
        for record in contents.records {
            if record.kind == .purge { purged = true }
            index.replay(record)
        }
        index.finishReplay()
        // A torn last record is what a crash leaves; anything more means damage.
        let damaged =
            contents.skippedByteCount > 0
            || contents.fileLength - contents.validLength >= Int64(ManifestRecord.byteCount)
        redoLastBatch(of: contents.records, layout: layout, fileSystem: fileSystem)
        for name in try fileSystem.contentsOfDirectory(atPath: layout.staging) {
            fileSystem.removeFile(atPath: layout.staging + "/" + name)
        }
        let partialDownloads = try removeIncompletePartialDownloads(layout: layout, fileSystem: fileSystem)
        // A journal that is missing or damaged is reconciled with the entries now; an intact one
        // (which may still have been cut on a record boundary) in the background, by the store.
        // What a purge left is removed; what damage cut off is adopted when it verifies.
        let needsSweep = !contents.exists || purged || damaged
        if needsSweep {
            try reconcileEntries(
                with: &index, adoptingWithin: purged ? nil : byteCapacity, layout: layout, fileSystem: fileSystem)
        }
        var journal = try Journal(
            layout: layout, fileSystem: fileSystem, synchronizes: synchronizes, after: contents)
        if needsSweep {
            do {
                try journal.rewrite(with: index.snapshotRecords())
            } catch {
                journal.close()
                throw error
            }
        }
        return (index, journal, partialDownloads, needsSweep)
    }

    /// Creates the store's directory if needed and locks it, so that two stores never share
    /// a journal; returns the lock's descriptor, to be closed when the store goes away.
    static func lock(_ layout: StoreLayout, fileSystem: any StoreFileSystem) throws(FileSystemError) -> Int32 {
        try fileSystem.createDirectory(atPath: layout.root)
        return try fileSystem.lockFile(atPath: layout.lock)
    }

    /// The names in the entries directory that `index` doesn't list (orphans, which a cut or
    /// damaged journal leaves), and the entries of `index` whose file isn't among `names`.
    static func differences(between names: [String], and index: FileStoreIndex)
        -> (orphans: [String], missing: [SHA256Digest])
    {
        var orphans: [String] = []
        var listed = 0
        for name in names {
            if let digest = SHA256Digest(hex: name), index.entry(digest) != nil {
                listed += 1
            } else {
                orphans.append(name)
            }
        }
        // Names are unique, so as many listed entries as indexed ones means none is missing.
        guard listed != index.entries.count else { return (orphans, []) }
        let found = Set(names.compactMap { SHA256Digest(hex: $0) })
        return (orphans, index.entries(usedBefore: .max).filter { !found.contains($0) })
    }

    /// Forgets the entries without a file, adopts the orphans in the entries directory that
    /// verify and fit within `capacity` (none when it is `nil`), and removes the others.
    private static func reconcileEntries(
        with index: inout FileStoreIndex, adoptingWithin capacity: Int64?, layout: StoreLayout,
        fileSystem: any StoreFileSystem
    ) throws(FileSystemError) {
        let (orphans, missing) = differences(
            between: try fileSystem.contentsOfDirectory(atPath: layout.entries), and: index)
        for key in missing { index.remove(key) }
        let rejected =
            capacity.map { adopt(orphans, into: &index, capacity: $0, layout: layout, fileSystem: fileSystem).rejected }
            ?? orphans
        for name in rejected { fileSystem.removeFile(atPath: layout.entries + "/" + name) }
    }

    /// Carries out the last batch of the journal again: only it can have been interrupted,
    /// because each change finishes before the next is logged.
    private static func redoLastBatch(
        of records: [ManifestRecord], layout: StoreLayout, fileSystem: any StoreFileSystem
    ) {
        guard let lastBatch = records.last?.batch, lastBatch != 0 else { return }
        for record in records.reversed() {
            guard record.batch == lastBatch else { break }
            switch record.kind {
            case .put:
                if let staged = record.stagedFile, fileSystem.sizeOfFile(atPath: layout.staged(staged)) != nil {
                    try? fileSystem.rename(layout.staged(staged), to: layout.entry(record.key))
                }
            case .remove:
                fileSystem.removeFile(atPath: layout.entry(record.key))
            case .touch, .checksum, .purge, .name:
                break
            }
        }
    }

    /// Removes partial downloads missing their data or their state file, and returns the
    /// digests of the others.
    private static func removeIncompletePartialDownloads(layout: StoreLayout, fileSystem: any StoreFileSystem)
        throws(FileSystemError) -> [SHA256Digest]
    {
        let names = try fileSystem.contentsOfDirectory(atPath: layout.partial)
        let present = Set(names)
        var kept: [SHA256Digest] = []
        for name in names {
            let (base, counterpart): (Substring, String)
            if name.hasSuffix(".data") {
                base = name.dropLast(5)
                counterpart = base + ".state"
            } else if name.hasSuffix(".state") {
                base = name.dropLast(6)
                counterpart = base + ".data"
            } else {
                (base, counterpart) = ("", "")
            }
            guard let digest = SHA256Digest(hex: base), present.contains(counterpart) else {
                fileSystem.removeFile(atPath: layout.partial + "/" + name)
                continue
            }
            if name.hasSuffix(".state") { kept.append(digest) }
        }
        return kept
    }
}
