/// The append-only manifest of a ``FileContentStore``: records are appended in batches (one per
/// change), and the whole log is rewritten atomically (staging file, flush, rename) when it has
/// grown to several times the number of entries.
///
/// A crash can leave at most a torn last batch; the records are fixed-size and carry a check
/// value, so a torn tail is recognised and cut off, and a record damaged later is skipped
/// (costing its own change alone) and the journal rewritten.
struct Journal {
    /// What reading a journal found.
    struct Contents {
        /// The intact records, in order.
        var records: [ManifestRecord] = []
        /// Where the last intact record ends.
        var validLength: Int64 = 0
        /// The file's length, larger than `validLength` when the tail was torn or damaged.
        var fileLength: Int64 = 0
        /// The bytes skipped before `validLength` because they were not intact records.
        var skippedByteCount: Int64 = 0
        /// Whether there was a journal file at all.
        var exists = false
    }

    let layout: StoreLayout
    let fileSystem: any StoreFileSystem
    let synchronizes: Bool
    private var descriptor: Int32
    private var length: Int64
    /// The records in the log now (a rewrite resets it to the live entries).
    private(set) var recordCount: Int
    private var nextBatch: UInt64
    /// Set when the log may disagree with the store (a change was logged but not carried out);
    /// the next change rewrites it first.
    var needsRewrite = false

    /// Opens the journal for appending after `contents`, cutting off any damaged tail.
    init(layout: StoreLayout, fileSystem: any StoreFileSystem, synchronizes: Bool, after contents: Contents)
        throws(FileSystemError)
    {
        self.layout = layout
        self.fileSystem = fileSystem
        self.synchronizes = synchronizes
        descriptor = try fileSystem.openForUpdate(atPath: layout.journal)
        length = contents.validLength
        recordCount = contents.records.count
        nextBatch = (contents.records.map(\.batch).max() ?? 0) + 1
        do throws(FileSystemError) {
            if contents.fileLength != contents.validLength {
                try fileSystem.truncate(descriptor, to: length, path: layout.journal)
            }
            try fileSystem.seek(descriptor, to: length, path: layout.journal)
        } catch {
            fileSystem.close(descriptor)
            throw error
        }
    }

    /// Reads every intact record of the journal at `layout.journal`.
    ///
    /// A record that is not intact costs that record alone: reading goes on at the next
    /// offset where an intact record starts (the next record boundary, or, if bytes were
    /// inserted or lost, wherever the next record is found).
    static func read(layout: StoreLayout, fileSystem: any StoreFileSystem) throws(FileSystemError) -> Contents {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(atPath: layout.journal)
        } catch  where error.isMissing {
            return Contents()
        }
        var contents = Contents(fileLength: Int64(bytes.count), exists: true)
        contents.records.reserveCapacity(bytes.count / ManifestRecord.byteCount)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset + ManifestRecord.byteCount <= buffer.count {
                if let record = ManifestRecord(decoding: buffer, at: offset) {
                    contents.records.append(record)
                    offset += ManifestRecord.byteCount
                    contents.validLength = Int64(offset)
                } else if let next = nextRecord(in: buffer, after: offset) {
                    contents.skippedByteCount += Int64(next - offset)
                    offset = next
                } else {
                    break
                }
            }
        }
        return contents
    }

    /// The offset of the first intact record after a damaged one at `offset`: the next
    /// record boundary where one starts, else the first byte where one does.
    private static func nextRecord(in buffer: UnsafeRawBufferPointer, after offset: Int) -> Int? {
        let size = ManifestRecord.byteCount
        for boundary in stride(from: offset + size, through: buffer.count - size, by: size)
        where ManifestRecord(decoding: buffer, at: boundary) != nil {
            return boundary
        }
        var candidate = offset + 1
        while candidate + size <= buffer.count {
            if ManifestRecord.mayStart(buffer, at: candidate), ManifestRecord(decoding: buffer, at: candidate) != nil {
                return candidate
            }
            candidate += 1
        }
        return nil
    }

    /// Appends `records` as one batch and, for a durable store, flushes them to the device. On
    /// failure the journal is cut back to where it was, so that nothing half-written stays.
    mutating func append(_ records: [ManifestRecord]) throws(FileSystemError) {
        guard !records.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * ManifestRecord.byteCount)
        for var record in records {
            record.batch = nextBatch
            record.encode(into: &bytes)
        }
        nextBatch += 1
        do throws(FileSystemError) {
            try fileSystem.write(descriptor, bytes, path: layout.journal)
            if synchronizes { try fileSystem.synchronize(descriptor, path: layout.journal) }
        } catch {
            do {
                try fileSystem.truncate(descriptor, to: length, path: layout.journal)
                try fileSystem.seek(descriptor, to: length, path: layout.journal)
            } catch {
                needsRewrite = true
            }
            throw error
        }
        length += Int64(bytes.count)
        recordCount += records.count
    }

    /// Replaces the journal with `records` atomically: they are written to a staging file,
    /// flushed, and renamed over the journal. On failure the old journal stays in use.
    mutating func rewrite(with records: [ManifestRecord]) throws(FileSystemError) {
        // Renames into entries/ are not flushed one by one (the journal can finish them); once
        // the journal no longer records them, they must be on the device.
        if synchronizes { fileSystem.synchronizeDirectory(atPath: layout.entries) }
        let stagingPath = layout.staged(StoreLayout.newStagingIdentifier())
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * ManifestRecord.byteCount)
        for var record in records {
            record.batch = 0
            record.encode(into: &bytes)
        }
        let staging = try fileSystem.createFile(atPath: stagingPath)
        do throws(FileSystemError) {
            try fileSystem.write(staging, bytes, path: stagingPath)
            if synchronizes { try fileSystem.synchronize(staging, path: stagingPath) }
            fileSystem.close(staging)
            try fileSystem.rename(stagingPath, to: layout.journal)
        } catch {
            fileSystem.close(staging)
            fileSystem.removeFile(atPath: stagingPath)
            throw error
        }
        if synchronizes { fileSystem.synchronizeDirectory(atPath: layout.root) }
        let reopened: Int32
        do throws(FileSystemError) {
            reopened = try fileSystem.openForUpdate(atPath: layout.journal)
            try fileSystem.seek(reopened, to: Int64(bytes.count), path: layout.journal)
        } catch {
            needsRewrite = true
            throw error
        }
        fileSystem.close(descriptor)
        descriptor = reopened
        length = Int64(bytes.count)
        recordCount = records.count
        needsRewrite = false
    }

    /// Whether ``close()`` was called; a closed journal takes no more changes.
    private(set) var isClosed = false

    /// Closes the journal's file; later calls do nothing.
    mutating func close() {
        guard !isClosed else { return }
        isClosed = true
        fileSystem.close(descriptor)
    }
}
