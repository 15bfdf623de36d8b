import Foundation

/// A content store in a directory on disk: size-bounded, least-recently-used, and safe across
/// crashes.
///
/// - Each entry is one file named by the SHA-256 of its key, so no key, however hostile,
///   chooses a path. A hit returns ``PartContent/file(_:)`` without reading the bytes.
/// - Writes are atomic: content is written to a staging file on the same volume, flushed, and
///   renamed into place. A downloaded file is ingested by renaming it (constant time whatever
///   its size), or copied when it is on another volume.
/// - The store keeps its own manifest (size, last use and checksum of each entry) in an
///   append-only journal, not in file-system metadata, which is unreliable on Linux. A crash
///   at any moment leaves every key with its old content or its new content.
/// - ``byteCapacity`` is never exceeded once a store call returns: the least recently used
///   entries are evicted as part of the write.
///
/// ## Checking content
///
/// A hit costs one `stat`: an entry whose file is missing or has the wrong size is removed and
/// reported as a miss. The content's checksum (XXH64, 64 bits) is checked once per entry per
/// process, on its first hit after the store is opened (entries this process wrote are known
/// to be intact), so that later hits on a 50 MB entry cost what hits on a 1 kB one do, and
/// opening a store doesn't read every file. An entry whose checksum doesn't match is removed
/// and reported as a miss.
/// The checksum of an ingested file is computed in the background after ``storeFile(at:for:)``
/// returns; if the process ends first, the first hit after relaunch computes it.
///
/// A ``PartContent/file(_:)`` URL stays valid until the entry is replaced, evicted or removed:
/// open or copy it promptly, or use ``openContent(for:)``, whose file handle keeps the bytes
/// readable however long it is used. Files are always replaced by rename, never rewritten in
/// place, so a file already open (or memory-mapped by ``PartContent/bytes()``) keeps its
/// content.
///
/// ## Lifecycle
///
/// A store holds its directory's lock from ``init(directory:byteCapacity:durability:maximumPartialDownloads:)``
/// (or ``open(directory:byteCapacity:durability:maximumPartialDownloads:)``, which does the same
/// work off the caller's thread) until ``close()`` or until it is released.
public final class FileContentStore: ContentStore {
    /// The directory the store owns.
    package let directory: URL
    /// The most bytes of content the store holds (the manifest and partial downloads are not
    /// counted; ``maximumPartialDownloads`` bounds the latter).
    public let byteCapacity: Int64
    /// How far writes go to survive a power failure.
    package let durability: Durability
    /// The most partial downloads kept (at least 1). Opening one more discards the least
    /// recently opened of the others; after a relaunch, those kept from before count as
    /// opened before any opened since.
    public let maximumPartialDownloads: Int

    // Threading and lock order (the one statement of both; other comments refer here):
    // - Changes to entries are logged and carried out under `journal`, which serialises them
    //   and is held for a whole change; `index` is taken inside it, briefly, and never the
    //   other way round. Both are taken only off the Swift concurrency thread pool, never
    //   across an `await`.
    // - Removals, checksum records, access-time flushes and every partial-download change run
    //   one at a time on `changeQueue` (each checks with `dispatchPrecondition`); writes
    //   commit from the parallel I/O queue (`StorageIO.parallel`).
    // - `partialDownloads` is taken alone, or before a writer's own lock
    //   (`PartialDownloadWriter`); `lockDescriptor` is taken alone.
    // So the order is: `journal`, then `index`; `partialDownloads`, then a writer's lock.

    let layout: StoreLayout
    let fileSystem: any StoreFileSystem
    let now: @Sendable () -> Date
    /// The records beyond twice the entry count that the journal may hold before it is
    /// compacted.
    let compactionSlack: Int
    /// The manifest in memory (see the lock order above).
    let index: LockedState<FileStoreIndex>
    /// The journal; holding it serialises changes (see the lock order above).
    let journal: LockedState<Journal>
    /// Runs removals, checksum records and partial-download changes, one at a time, off the
    /// Swift concurrency thread pool (writes commit from the parallel I/O queue).
    let changeQueue = DispatchQueue(label: "AttachmentKit.FileContentStore.changes")
    /// Checksums being computed in the background.
    let backgroundWork = DispatchGroup()
    /// The directory's lock, held open until the store is closed; `nil` once it is.
    let lockDescriptor: LockedState<Int32?>
    /// The kept partial downloads and their open writers, changed on `changeQueue` only
    /// (through ``withPartialDownloads(_:)``).
    let partialDownloads = LockedState(KeptPartialDownloads())

    /// Opens the store in `directory`, creating the directory (owner-only) if needed and
    /// recovering from a crash if there was one.
    ///
    /// One store at a time can have a directory open: the store locks it until it is released.
    ///
    /// - Parameters:
    ///   - directory: A directory the store owns; nothing else should write in it.
    ///   - byteCapacity: The most bytes of content to hold; a negative value counts as zero.
    ///     If the store holds more (it was opened before with a larger capacity), the least
    ///     recently used entries are evicted now.
    ///   - durability: How far writes go to survive a power failure;
    ///     ``Durability/orderedOnDevice`` by default (see ``Durability`` for why).
    ///   - maximumPartialDownloads: The most partial downloads to keep; 16 by default, and
    ///     at least 1. If more are kept (the store was opened before with a larger limit), the
    ///     excess is discarded now.
    /// - Throws: ``ContentStoreError/directoryInUse(_:)`` when another store, in this process
    ///   or another, has the directory open; ``ContentStoreError/unusableDirectory(_:reason:)``
    ///   when it can't be created, read or written.
    public convenience init(
        directory: URL, byteCapacity: Int64, durability: Durability = .orderedOnDevice,
        maximumPartialDownloads: Int = 16
    ) throws(ContentStoreError) {
        try self.init(
            directory: directory, byteCapacity: byteCapacity, durability: durability,
            fileSystem: POSIXFileSystem(flushesDriveCache: durability == .flushedToDevice),
            clock: SystemTransferClock(),
            compactionSlack: 4096, maximumPartialDownloads: maximumPartialDownloads)
    }

    /// Opens the store on `fileSystem`, with the clock and compaction slack given (for tests, and
    /// the crash test's child process).
    package init(
        directory: URL, byteCapacity: Int64, durability: Durability, fileSystem: any StoreFileSystem,
        clock: any TransferClock, compactionSlack: Int, maximumPartialDownloads: Int = 16
    ) throws(ContentStoreError) {
        guard directory.isFileURL else { throw .unusableDirectory(directory, reason: "it is not a file URL") }
        self.directory = directory
        self.byteCapacity = max(0, byteCapacity)
        self.durability = durability
        self.maximumPartialDownloads = max(1, maximumPartialDownloads)
        self.layout = StoreLayout(root: directory.standardizedFileURL.path)
        self.fileSystem = fileSystem
        self.now = { clock.date }
        self.compactionSlack = compactionSlack
        layout.prepareProtectedFolders()
        let lock: Int32
        do {
            lock = try FileStoreOpening.lock(layout, fileSystem: fileSystem)
        } catch  where error.isLocked {
            throw .directoryInUse(directory)
        } catch {
            throw .unusableDirectory(directory, reason: error.description)
        }
        if let format = StoreFormat.recorded(in: layout, fileSystem: fileSystem), format > StoreFormat.current {
            fileSystem.unlockFile(lock)
            throw .unusableDirectory(
                directory,
                reason: "it was written by a newer version of AttachmentKit (store format \(format); "
                    + "this version reads formats up to \(StoreFormat.current)), so it is left untouched")
        }
        let partialDownloads: [SHA256Digest]
        let reconciled: Bool
        do {
            let opened = try FileStoreOpening.open(
                layout: layout, fileSystem: fileSystem, synchronizes: durability != .processCrashSafe,
                byteCapacity: self.byteCapacity)
            self.index = LockedState(opened.index)
            self.journal = LockedState(opened.journal)
            partialDownloads = opened.partialDownloads
            reconciled = opened.reconciled
            self.lockDescriptor = LockedState(lock)
        } catch {
            fileSystem.unlockFile(lock)
            throw .unusableDirectory(directory, reason: error.description)
        }
        // On the change queue, where the changes' preconditions hold; nothing else has the store yet.
        changeQueue.sync {
            evict(toByteCount: self.byteCapacity)
            withPartialDownloads { $0.order = partialDownloads }
            discardExcessPartialDownloads(opening: nil)
        }
        if !reconciled {
            index.withLock { $0.adoptionPending = true }
            reconcileEntriesInBackground()
        }
    }

    deinit {
        closeNow(checkpointingWriters: false)
    }

    /// The bytes of content and the number of entries held now (none once the store is
    /// closed).
    ///
    /// Right after opening a directory whose journal lost records, entries found again from
    /// their files in the background count once found; ``flush()`` waits for that.
    public func usage() -> ContentStoreUsage {
        index.withLock { $0.usage }
    }

    /// The number of access times held in memory after which they are written in the
    /// background.
    static let touchesBeforeFlush = 4096

    /// Now, in milliseconds since 1970.
    func timestamp() -> Int64 {
        Int64((now().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// Whether writes are flushed (or, for ``Durability/orderedOnDevice``, ordered) on the device.
    var synchronizes: Bool { durability != .processCrashSafe }
}

extension FileContentStore {
    /// How far a ``FileContentStore`` goes to keep a write across a power failure.
    ///
    /// Whichever is chosen, a write is atomic, a crash of the process loses nothing that a store
    /// call has returned for, and content that a power failure damaged is detected by its
    /// checksum and treated as a miss, never served.
    ///
    /// **The default, ``orderedOnDevice``, is the one a cache should have.** Its content can be
    /// downloaded again, so a write need not survive a power failure; what it must not do is
    /// cost every download a flush of the drive's cache. On an iPhone ``flushedToDevice`` makes
    /// two `F_FULLFSYNC` calls per write, each waiting for the flash to empty its cache, in time
    /// and in battery. ``orderedOnDevice`` sends each file with a barrier (`F_BARRIERFSYNC`)
    /// instead: the bytes of an entry reach the medium before the journal record that names it,
    /// so a power failure costs at most the last writes and never leaves records of content
    /// that isn't there, and no call waits for a flush. Use ``flushedToDevice`` for content that
    /// can't be fetched again, such as a photo waiting to be sent.
    ///
    /// On Linux there is no barrier: ``orderedOnDevice`` and ``flushedToDevice`` both call
    /// `fsync`, which flushes where the file system does. So the benchmark figures measured on
    /// Linux say nothing about what either costs on Apple hardware, where `F_FULLFSYNC` is far
    /// dearer than `fsync` or `F_BARRIERFSYNC`; measure on a device.
    public enum Durability: Sendable, Hashable {
        /// Flushes each written file, then the manifest record of the change, to the storage
        /// device (`fsync`; `F_FULLFSYNC` on Apple platforms) before the store call returns. The
        /// rename into place is not flushed on its own: if it is lost, the staged file and the
        /// record are not, and the change is finished when the store opens. An ingested file
        /// is flushed in the background, when its checksum is computed.
        case flushedToDevice
        /// Sends each written file, then the manifest record of the change, to the storage
        /// device with a barrier (`F_BARRIERFSYNC` on Apple platforms; `fsync` on Linux, which
        /// has none): a file's bytes reach the medium before the record that names it, but the
        /// call doesn't wait for the drive's cache to be flushed, so the last writes may be lost
        /// on power failure. The default.
        case orderedOnDevice
        /// Leaves flushing to the operating system: faster, and enough for content that can be
        /// downloaded again, but the last few seconds of writes may be lost on power failure.
        case processCrashSafe
    }
}
