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
    /// - the entries directory is reconciled with the index: a file the index doesn't list (an
    ///   orphan, which a cut or damaged journal leaves) is removed, so that the byte capacity
    ///   holds on disk, and an entry without its file is forgotten;
    /// - when the journal is missing or damaged, a purge was interrupted, or reconciling
    ///   changed the index, the journal is rewritten from the index.
    ///
    /// The caller must hold the directory's lock (``lock(_:fileSystem:)``).
    static func open(layout: StoreLayout, fileSystem: any StoreFileSystem, synchronizes: Bool)
        throws(FileSystemError) -> (index: FileStoreIndex, journal: Journal, partialDownloads: [SHA256Digest])
    {
        for directory in [layout.entries, layout.staging, layout.partial] {
            try fileSystem.createDirectory(atPath: directory)
        }
        let contents = try Journal.read(layout: layout, fileSystem: fileSystem)
        // Sized for every entry the journal puts, so that replaying it never grows the table.
        var index = FileStoreIndex(minimumCapacity: contents.records.lazy.filter { $0.kind == .put }.count)
        var needsSweep = !contents.exists
        for record in contents.records {
            if record.kind == .purge { needsSweep = true }
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
        let reconciled = try reconcileEntries(with: &index, layout: layout, fileSystem: fileSystem)
        needsSweep = needsSweep || damaged || reconciled
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
        return (index, journal, partialDownloads)
    }

    /// Creates the store's directory if needed and locks it, so that two stores never share
    /// a journal; returns the lock's descriptor, to be closed when the store goes away.
    static func lock(_ layout: StoreLayout, fileSystem: any StoreFileSystem) throws(FileSystemError) -> Int32 {
        try fileSystem.createDirectory(atPath: layout.root)
        return try fileSystem.lockFile(atPath: layout.lock)
    }

    /// Removes the files in the entries directory that `index` doesn't list, and forgets the
    /// entries whose file is missing; returns whether it changed anything.
    private static func reconcileEntries(
        with index: inout FileStoreIndex, layout: StoreLayout, fileSystem: any StoreFileSystem
    ) throws(FileSystemError) -> Bool {
        var changed = false
        var present = Set<SHA256Digest>()
        let names = try fileSystem.contentsOfDirectory(atPath: layout.entries)
        present.reserveCapacity(names.count)
        for name in names {
            if let digest = SHA256Digest(hex: name), index.entry(digest) != nil {
                present.insert(digest)
            } else {
                fileSystem.removeFile(atPath: layout.entries + "/" + name)
                changed = true
            }
        }
        guard present.count != index.entries.count else { return changed }
        for missing in index.entries(usedBefore: .max) where !present.contains(missing) {
            index.remove(missing)
        }
        return true
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
