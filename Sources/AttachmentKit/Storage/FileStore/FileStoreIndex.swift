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
    /// Set while the store's background adoption (``FileContentStore/reconcileEntriesInBackground()``)
    /// has not finished: until then, an entry the index lacks may still be adopted.
    var adoptionPending = false
    /// The key of each entry whose name is recorded (see ``ContentKey/storedName``).
    private(set) var names: [SHA256Digest: ContentKey] = [:]
    /// The name records of each name, counted for compaction.
    private(set) var nameRecordCount = 0
    /// The name being read from the journal, not yet followed by its put: whose, the name's
    /// length and the bytes so far. A key's name records come just before its put.
    private var pendingName: (key: SHA256Digest, length: Int, bytes: [UInt8])?

    /// An empty index with room for `minimumCapacity` entries before it grows.
    init(minimumCapacity: Int = 0) {
        entries = LRUIndex(minimumCapacity: minimumCapacity)
        names.reserveCapacity(minimumCapacity)
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

    /// Sets the entry for `key`, and its name when known.
    mutating func set(_ entry: DiskEntry, for key: SHA256Digest, name: ContentKey? = nil) {
        entries.set(entry, cost: entry.size, for: key)
        touched.remove(key)
        if let name { setName(name, for: key) }
    }

    /// Adds an entry the journal had lost, found again by its file's label, as the least
    /// recently used entry, with its name when the label has it; unverified until its first hit.
    mutating func adopt(_ label: EntryLabel, for key: SHA256Digest) {
        let entry = DiskEntry(
            size: label.size, checksum: label.checksum, lastAccess: label.written, serial: nextSerial(),
            verified: false)
        guard entries.insertAsOldest(entry, cost: entry.size, for: key) else { return }
        if let name = label.key { setName(name, for: key) }
    }

    @discardableResult
    mutating func remove(_ key: SHA256Digest) -> DiskEntry? {
        touched.remove(key)
        forgetName(of: key)
        return entries.remove(key)
    }

    /// The records a journal rewrite keeps: a put per entry, and the name records of each named
    /// one.
    var snapshotRecordCount: Int { entries.count + nameRecordCount }

    /// The keys whose names are known, least recently used first.
    func knownKeys() -> [ContentKey] {
        var keys: [ContentKey] = []
        keys.reserveCapacity(names.count)
        entries.forEachFromOldest { digest, _, _ in
            if let name = names[digest] { keys.append(name) }
            return true
        }
        return keys
    }

    private mutating func setName(_ name: ContentKey, for key: SHA256Digest, byteCount: Int? = nil) {
        forgetName(of: key)
        let count = ContentKey.nameRecordCount(byteCount: byteCount ?? name.storedNameByteCount)
        guard count > 0 else { return }
        names[key] = name
        nameRecordCount += count
    }

    private mutating func forgetName(of key: SHA256Digest) {
        guard let old = names.removeValue(forKey: key) else { return }
        nameRecordCount -= ContentKey.nameRecordCount(byteCount: old.storedNameByteCount)
    }

    mutating func update(_ key: SHA256Digest, _ body: (inout DiskEntry) -> Void) {
        entries.update(key, body)
    }

    mutating func removeAll() {
        entries.removeAll()
        touched.removeAll()
        names.removeAll()
        nameRecordCount = 0
        pendingName = nil
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
            if let pending = pendingName, pending.key == record.key, pending.bytes.count == pending.length,
                let name = ContentKey(storedName: pending.bytes)
            {
                setName(name, for: record.key, byteCount: pending.length)
            }
            pendingName = nil
        case .remove:
            entries.remove(record.key)
            forgetName(of: record.key)
        case .touch:
            if entries.use(record.key) != nil { entries.update(record.key) { $0.lastAccess = record.lastAccess } }
        case .checksum:
            entries.update(record.key) { entry in
                if entry.size == record.size { entry.checksum = record.checksum }
            }
        case .purge:
            removeAll()
        case .name:
            // Pieces in order from offset 0; a missing or damaged piece leaves the name unknown.
            // The length and offset are 64-bit fields: compared as such, and the length taken
            // only when it is one a name can have (`Int(_:)` traps past 2³¹ on Apple Watch, and
            // a negative length would trap in `prefix` below).
            if record.lastAccess == 0 {
                let isNameLength = (0...Int64(ContentKey.maximumStoredNameByteCount)).contains(record.size)
                pendingName = isNameLength ? (record.key, Int(truncatingIfNeeded: record.size), []) : nil
            }
            guard var pending = pendingName, pending.key == record.key, Int64(pending.length) == record.size,
                Int64(pending.bytes.count) == record.lastAccess
            else {
                pendingName = nil
                return
            }
            pendingName = nil  // so that the append below doesn't copy the bytes
            pending.bytes += record.payload.prefix(pending.length - pending.bytes.count)
            pendingName = pending
        }
    }

    /// Forgets a name whose put never came (its put record was damaged): call once the journal
    /// has been replayed.
    mutating func finishReplay() {
        pendingName = nil
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
        records.reserveCapacity(snapshotRecordCount)
        entries.forEachFromOldest { key, entry, _ in
            if let name = names[key] { records += name.nameRecords(digest: key) }
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
