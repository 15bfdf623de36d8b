import Foundation

/// Partial downloads: kept beside the entries (not counted in ``FileContentStore/byteCapacity``
/// until completed, but at most ``FileContentStore/maximumPartialDownloads`` of them), each as a
/// data file and a state file written atomically at checkpoints.
extension FileContentStore: PartialDownloadStore {
    /// The resumable partial download kept for `key`: its flushed byte count and validator.
    /// A kept download whose data file is shorter than its state says is removed.
    package func partialDownload(for key: ContentKey) async -> PartialDownload? {
        let files = partialFiles(for: key)
        return await StorageIO.run(on: changeQueue) { [self] in
            guard !isClosed else { return nil }
            if let writer = withPartialDownloads({ $0.writers[files.digest] }), writer.isOpen {
                return writer.validator.map {
                    PartialDownload(key: key, byteCount: writer.byteCount, validator: $0, source: writer.source)
                }
            }
            guard let record = files.readState(), let validator = record.validator else { return nil }
            guard (fileSystem.sizeOfFile(atPath: files.dataPath) ?? -1) >= record.byteCount else {
                files.remove()
                return nil
            }
            return PartialDownload(key: key, byteCount: record.byteCount, validator: validator, source: record.source)
        }
    }

    /// Opens the partial download of `key` for appending from `offset`; see
    /// ``PartialDownloadStore/openPartialDownload(for:validator:source:resumingAt:)``.
    ///
    /// Resuming at the kept byte count costs nothing; resuming below it reads the bytes
    /// before `offset` again to restore their checksum.
    package func openPartialDownload(
        for key: ContentKey, validator: RemotePart.Validator?, source: PartialDownloadSource, resumingAt offset: Int64
    ) async throws(ContentStoreError) -> PartialDownloadWriter {
        let files = partialFiles(for: key)
        return try await StorageIO.run(on: changeQueue) { [self] in
            guard !isClosed else {
                return Result<PartialDownloadWriter, ContentStoreError>.failure(.storeClosed(directory))
            }
            withPartialDownloads { $0.writers.removeValue(forKey: files.digest) }?.invalidate()
            discardExcessPartialDownloads(opening: files.digest)
            let opened = Result { () throws(ContentStoreError) in
                try openWriter(files, validator: validator, source: source, at: offset)
            }
            if case .success(let writer) = opened { withPartialDownloads { $0.writers[files.digest] = writer } }
            return opened
        }.get()
    }

    /// Makes the partial download of `key` the key's content by renaming its file into the
    /// store; see ``PartialDownloadStore/completePartialDownload(for:expectedByteCount:)``.
    @discardableResult
    package func completePartialDownload(for key: ContentKey, expectedByteCount: Int64? = nil)
        async throws(ContentStoreError) -> PartContent
    {
        let files = partialFiles(for: key)
        return try await StorageIO.run(on: changeQueue) { [self] in
            guard !isClosed else { return Result<PartContent, ContentStoreError>.failure(.storeClosed(directory)) }
            let promoted = Result { () throws(ContentStoreError) in
                try promote(files, expectedByteCount: expectedByteCount)
            }
            if case .success = promoted { forgetPartialDownload(files.digest) }
            return promoted
        }.get()
    }

    /// Removes the partial download of `key`, if any, closing its writer.
    package func discardPartialDownload(for key: ContentKey) async {
        let files = partialFiles(for: key)
        await StorageIO.run(on: changeQueue) { [self] in
            guard !isClosed else { return }
            withPartialDownloads { $0.writers.removeValue(forKey: files.digest) }?.invalidate()
            files.remove()
            forgetPartialDownload(files.digest)
        }
    }

    private func partialFiles(for key: ContentKey) -> PartialDownloadFiles {
        PartialDownloadFiles(
            key: key, digest: key.storageDigest, layout: layout, fileSystem: fileSystem, synchronizes: synchronizes)
    }

    private func openWriter(
        _ files: PartialDownloadFiles, validator: RemotePart.Validator?, source: PartialDownloadSource, at offset: Int64
    ) throws(ContentStoreError) -> PartialDownloadWriter {
        let key = files.key
        var hasher = XXH64()
        if offset != 0 {
            guard let record = files.readState(), let kept = record.validator else {
                throw .writeFailed(key, reason: "there is no resumable partial download to resume at \(offset)")
            }
            guard kept == validator else {
                throw .writeFailed(
                    key, reason: "the kept bytes are of \(kept), not \(validator.map { "\($0)" } ?? "none")")
            }
            let available = min(record.byteCount, fileSystem.sizeOfFile(atPath: files.dataPath) ?? 0)
            guard offset > 0, offset <= available else {
                throw .writeFailed(key, reason: "can't resume at \(offset): \(available) bytes are kept")
            }
            guard let restored = offset == record.byteCount ? record.hasher : files.hashPrefix(offset) else {
                throw .writeFailed(key, reason: "the kept bytes can't be read")
            }
            hasher = restored
        }
        do throws(FileSystemError) {
            // A fresh start gets a new file rather than a truncated one: on ext4, a file cut to
            // zero bytes is flushed when it is closed (`auto_da_alloc`), which cost the whole
            // download's writeback at completion.
            if offset == 0 { fileSystem.removeFile(atPath: files.dataPath) }
            let descriptor = try fileSystem.openForUpdate(atPath: files.dataPath)
            do throws(FileSystemError) {
                if fileSystem.sizeOfFile(atPath: files.dataPath) != offset {
                    try fileSystem.truncate(descriptor, to: offset, path: files.dataPath)
                }
                try fileSystem.seek(descriptor, to: offset, path: files.dataPath)
                if offset == 0 {
                    fileSystem.removeFile(atPath: files.statePath)
                    if validator != nil {
                        try files.writeState(
                            PartialDownloadRecord(validator: validator, byteCount: 0, hasher: hasher, source: source))
                    }
                }
            } catch {
                fileSystem.close(descriptor)
                throw error
            }
            return PartialDownloadWriter(
                files: files, validator: validator, source: source, descriptor: descriptor, hasher: hasher,
                byteCount: offset)
        } catch {
            throw .writeFailed(key, reason: error.description)
        }
    }

    /// Moves a finished partial download into the store as a staged file and commits it.
    private func promote(_ files: PartialDownloadFiles, expectedByteCount: Int64?) throws(ContentStoreError)
        -> PartContent
    {
        let key = files.key
        let (size, checksum): (Int64, UInt64)
        if let writer = withPartialDownloads({ $0.writers.removeValue(forKey: files.digest) }), writer.isOpen {
            (size, checksum) = try writer.finish()
        } else if let record = files.readState(),
            (fileSystem.sizeOfFile(atPath: files.dataPath) ?? -1) >= record.byteCount
        {
            (size, checksum) = (record.byteCount, record.hasher.finalize())
        } else {
            throw .writeFailed(key, reason: "there is no partial download to complete")
        }
        if let expectedByteCount, expectedByteCount != size {
            throw .writeFailed(key, reason: "the download has \(size) bytes, not the \(expectedByteCount) expected")
        }
        guard size <= byteCapacity else { throw .entryTooLarge(key, byteCount: size, limit: byteCapacity) }
        let identifier = StoreLayout.newStagingIdentifier()
        do throws(FileSystemError) {
            let descriptor = try fileSystem.openForUpdate(atPath: files.dataPath)
            defer { fileSystem.close(descriptor) }
            try fileSystem.truncate(descriptor, to: size, path: files.dataPath)
            _ = fileSystem.setLabel(label(key, files.digest, size: size, checksum: checksum), on: descriptor)
            try fileSystem.rename(files.dataPath, to: layout.staged(identifier))
        } catch {
            throw .writeFailed(key, reason: error.description)
        }
        let staged = StagedContent(
            key: key, digest: files.digest, stagedFile: identifier, size: size, checksum: checksum,
            returnPath: files.dataPath)
        _ = try commit(staged).get()
        fileSystem.removeFile(atPath: files.statePath)
        return .file(URL(fileURLWithPath: layout.entry(files.digest), isDirectory: false))
    }
}

/// The bound on partial downloads: a transport that starts downloads and abandons them (the
/// user scrolled away) must not fill the disk with their bytes, which don't count toward
/// ``FileContentStore/byteCapacity``.
extension FileContentStore {
    /// Runs `body` with the kept partial downloads, on `changeQueue` (checked), under their lock
    /// (see the lock order at ``FileContentStore``).
    func withPartialDownloads<Result>(_ body: (inout KeptPartialDownloads) -> Result) -> Result {
        dispatchPrecondition(condition: .onQueue(changeQueue))
        return partialDownloads.withLock(body)
    }

    /// Records `opened` (if any) as the most recently opened partial download, then discards the
    /// least recently opened others until at most ``maximumPartialDownloads`` are kept: idle ones
    /// (no open writer) first, then ones still being written, whose writers then throw.
    func discardExcessPartialDownloads(opening opened: SHA256Digest?) {
        // The order and the writers change together, under one lock; the writers are
        // invalidated, and the files removed, after it.
        let discarded = withPartialDownloads { kept in
            if let opened {
                kept.order.removeAll { $0 == opened }
                kept.order.append(opened)
            }
            let excess = kept.order.count - maximumPartialDownloads
            guard excess > 0 else { return [(SHA256Digest, PartialDownloadWriter?)]() }
            let open = Set(kept.writers.filter { $0.value.isOpen }.keys)
            let candidates = kept.order.filter { $0 != opened }
            let idleFirst = candidates.filter { !open.contains($0) } + candidates.filter(open.contains)
            let chosen = Array(idleFirst.prefix(excess))
            kept.order.removeAll { chosen.contains($0) }
            return chosen.map { ($0, kept.writers.removeValue(forKey: $0)) }
        }
        for (digest, writer) in discarded {
            writer?.invalidate()
            fileSystem.removeFile(atPath: layout.partialState(digest))
            fileSystem.removeFile(atPath: layout.partialData(digest))
        }
    }

    /// Forgets `digest`'s place among the partial downloads (it was completed or discarded).
    func forgetPartialDownload(_ digest: SHA256Digest) {
        withPartialDownloads { kept in kept.order.removeAll { $0 == digest } }
    }
}

/// The partial downloads a ``FileContentStore`` keeps, under one lock because they change
/// together: opening one may discard others, and with them their writers.
struct KeptPartialDownloads {
    /// The open writer of each partial download.
    var writers: [SHA256Digest: PartialDownloadWriter] = [:]
    /// The kept partial downloads, least recently opened first.
    var order: [SHA256Digest] = []
}
