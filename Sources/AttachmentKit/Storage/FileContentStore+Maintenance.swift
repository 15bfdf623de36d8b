import Foundation

extension FileContentStore {
    /// Removes the content stored under `key`, if any.
    public func removeContent(for key: ContentKey) async {
        let digest = key.storageDigest
        await StorageIO.run(on: changeQueue) { [self] in _ = commitRemoval(of: [digest]) }
    }

    /// Purges the store: removes every entry and every partial download.
    public func removeAll() async {
        let writers = partialWriters.withLock { writers in
            defer { writers.removeAll() }
            return Array(writers.values)
        }
        for writer in writers { writer.invalidate() }
        await StorageIO.run(on: changeQueue) { [self] in
            guard !isClosed else { return }
            commitPurge()
            for name in (try? fileSystem.contentsOfDirectory(atPath: layout.partial)) ?? [] {
                fileSystem.removeFile(atPath: layout.partial + "/" + name)
            }
            partialOrder.withLock { $0.removeAll() }
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

    /// Removes the entry for `key` if it still has the content numbered `serial`; returns
    /// whether it did.
    func removeEntry(_ key: SHA256Digest, ifSerial serial: UInt64) async -> Bool {
        await StorageIO.run(on: changeQueue) { [self] in commitRemoval(of: [key], ifSerial: serial) }
    }
}
