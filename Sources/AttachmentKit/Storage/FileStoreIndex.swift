/// What a ``FileContentStore`` knows about one entry.
struct DiskEntry: Sendable, Equatable {
    /// The content's size in bytes.
    var size: Int64
    /// The XXH64 checksum of the content; `nil` until it has been computed for an ingested
    /// file.
    var checksum: UInt64?
    /// When the entry was last used, in milliseconds since 1970.
    var lastAccess: Int64
    /// Changes whenever the key gets new content, so that work begun on old content (a
    /// verification, a removal) does not apply to new content.
    var serial: UInt64
    /// Whether this process wrote the content or has checked it against its checksum.
    var verified: Bool
}

/// The in-memory manifest of a ``FileContentStore``: every entry by key digest, in order of
/// use, with the access times not yet written to the journal.
struct FileStoreIndex {
    private(set) var entries: LRUIndex<SHA256Digest, DiskEntry>
    /// Entries used since their access time was last written.
    private(set) var touched: Set<SHA256Digest> = []
    /// Whether a write of the access times has been asked for and not yet done.
    private var touchFlushRequested = false
    private var lastSerial: UInt64 = 0
    /// Set when the store is closed: the index is then empty and stays so.
    var isClosed = false

    /// An empty index with room for `minimumCapacity` entries before it grows.
    init(minimumCapacity: Int = 0) {
        entries = LRUIndex(minimumCapacity: minimumCapacity)
    }

    var usage: ContentStoreUsage { ContentStoreUsage(byteCount: entries.totalCost, entryCount: entries.count) }

    /// A serial number not used before in this process.
    mutating func nextSerial() -> UInt64 {
        lastSerial += 1
        return lastSerial
    }

    /// The entry for `key`, marked as used at `time`.
    mutating func use(_ key: SHA256Digest, at time: Int64) -> DiskEntry? {
        guard entries.use(key) != nil else { return nil }
        entries.update(key) { $0.lastAccess = time }
        touched.insert(key)
        return entries.peek(key)
    }

    func entry(_ key: SHA256Digest) -> DiskEntry? { entries.peek(key) }

    mutating func set(_ entry: DiskEntry, for key: SHA256Digest) {
        entries.set(entry, cost: entry.size, for: key)
        touched.remove(key)
    }

    @discardableResult
    mutating func remove(_ key: SHA256Digest) -> DiskEntry? {
        touched.remove(key)
        return entries.remove(key)
    }

    mutating func update(_ key: SHA256Digest, _ body: (inout DiskEntry) -> Void) {
        entries.update(key, body)
    }

    mutating func removeAll() {
        entries.removeAll()
        touched.removeAll()
        touchFlushRequested = false
    }

    /// Applies one journal record, as when the store opens.
    mutating func replay(_ record: ManifestRecord) {
        switch record.kind {
        case .put:
            let entry = DiskEntry(
                size: record.size, checksum: record.checksum, lastAccess: record.lastAccess, serial: nextSerial(),
                verified: false)
            entries.set(entry, cost: entry.size, for: record.key)
        case .remove:
            entries.remove(record.key)
        case .touch:
            if entries.use(record.key) != nil { entries.update(record.key) { $0.lastAccess = record.lastAccess } }
        case .checksum:
            entries.update(record.key) { entry in
                if entry.size == record.size { entry.checksum = record.checksum }
            }
        case .purge:
            entries.removeAll()
        }
    }

    /// Whether the access times held should be written now: once `limit` are held, this says
    /// so once, until ``takeTouchRecords()`` takes them.
    mutating func needsTouchFlush(after limit: Int) -> Bool {
        guard touched.count >= limit, !touchFlushRequested else { return false }
        touchFlushRequested = true
        return true
    }

    /// Touch records for the entries used since the last call, oldest use first, so that
    /// replaying them restores the order of use.
    mutating func takeTouchRecords() -> [ManifestRecord] {
        touchFlushRequested = false
        guard !touched.isEmpty else { return [] }
        var records: [ManifestRecord] = []
        records.reserveCapacity(touched.count)
        for key in touched {
            if let entry = entries.peek(key) {
                records.append(ManifestRecord(kind: .touch, key: key, size: entry.size, lastAccess: entry.lastAccess))
            }
        }
        touched.removeAll(keepingCapacity: true)
        return records.sorted { $0.lastAccess < $1.lastAccess }
    }

    /// One put record per entry, least recently used first: the journal after a rewrite.
    mutating func snapshotRecords() -> [ManifestRecord] {
        var records: [ManifestRecord] = []
        records.reserveCapacity(entries.count)
        entries.forEachFromOldest { key, entry, _ in
            records.append(
                ManifestRecord(
                    kind: .put, key: key, size: entry.size, checksum: entry.checksum, lastAccess: entry.lastAccess))
            return true
        }
        touched.removeAll(keepingCapacity: true)
        touchFlushRequested = false
        return records
    }

    /// The least recently used entries (never `key` itself) to evict so that `size` bytes for
    /// `key` fit within `capacity`.
    func victims(toFit size: Int64, for key: SHA256Digest?, capacity: Int64) -> [SHA256Digest] {
        let replaced = key.flatMap { entries.cost(of: $0) } ?? 0
        var excess = entries.totalCost - replaced + size - capacity
        var victims: [SHA256Digest] = []
        guard excess > 0 else { return victims }
        entries.forEachFromOldest { candidate, _, cost in
            if candidate != key {
                victims.append(candidate)
                excess -= cost
            }
            return excess > 0
        }
        return victims
    }

    /// The entries last used before `time`, least recently used first.
    func entries(usedBefore time: Int64) -> [SHA256Digest] {
        var result: [SHA256Digest] = []
        entries.forEachFromOldest { key, entry, _ in
            if entry.lastAccess < time { result.append(key) }
            return true
        }
        return result
    }
}
