import Foundation

/// Opening off the caller's thread, and closing: releasing the directory's lock before the
/// store object goes.
extension FileContentStore {
    /// Opens the store in `directory` off the caller's thread: the same as
    /// ``init(directory:byteCapacity:durability:maximumPartialDownloads:)``, whose recovery
    /// reads the journal and lists the entries, for callers that must not block (the main
    /// actor). The synchronous initialiser stays for tools and tests.
    ///
    /// - Throws: what the initialiser throws.
    public static func open(
        directory: URL, byteCapacity: Int64, durability: Durability = .orderedOnDevice,
        maximumPartialDownloads: Int = 16
    ) async throws(ContentStoreError) -> FileContentStore {
        try await StorageIO.run(on: StorageIO.parallel) { () -> Result<FileContentStore, ContentStoreError> in
            Result { () throws(ContentStoreError) in
                try FileContentStore(
                    directory: directory, byteCapacity: byteCapacity, durability: durability,
                    maximumPartialDownloads: maximumPartialDownloads)
            }
        }.get()
    }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { index.withLock { $0.isClosed } }

    /// Finishes the store's background work, writes the access times held in memory, takes a
    /// checkpoint of every open partial download (so it can resume), and releases the
    /// directory, which another store (in this process or another) can then open.
    ///
    /// Closing twice is harmless. After closing, the calls that throw throw
    /// ``ContentStoreError/storeClosed(_:)``; the others find nothing and change nothing
    /// (``content(for:)`` is a miss, ``usage()`` is zero, removals do nothing). Files the store
    /// served stay where they are, and handles from ``openContent(for:)`` stay readable.
    public func close() async {
        await withCheckedContinuation { continuation in
            backgroundWork.notify(queue: changeQueue) { continuation.resume() }
        }
        await StorageIO.run(on: changeQueue) { [self] in closeNow(checkpointingWriters: true) }
    }

    /// Closes the store at once, on the calling thread; open partial-download writers are
    /// checkpointed and closed if asked, which must be on `changeQueue` (a store released
    /// without ``close()`` leaves them be).
    func closeNow(checkpointingWriters: Bool) {
        if checkpointingWriters {
            let writers = withPartialDownloads { kept in
                defer { kept.writers.removeAll() }
                return Array(kept.writers.values)
            }
            for writer in writers { try? writer.close() }
        }
        journal.withLock { journal in
            guard !journal.isClosed else { return }
            let touches = index.withLock { index in
                defer {
                    index.removeAll()
                    index.isClosed = true
                }
                return index.takeTouchRecords()
            }
            try? journal.append(touches)
            journal.close()
        }
        if let descriptor = lockDescriptor.withLock({ $0.take() }) { fileSystem.unlockFile(descriptor) }
    }

    /// Throws ``ContentStoreError/storeClosed(_:)`` once the store is closed.
    func checkOpen() throws(ContentStoreError) {
        if isClosed { throw .storeClosed(directory) }
    }
}
