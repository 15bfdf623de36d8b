import Foundation

extension FileContentStore {
    /// Checks an entry's file against its checksum (computing and recording the checksum if
    /// there is none yet) and returns whether it is intact.
    func verify(_ key: SHA256Digest, _ entry: DiskEntry) async -> Bool {
        let path = layout.entry(key)
        let computed = await StorageIO.run(on: StorageIO.parallel) { [self] in checksum(ofFileAt: path) }
        guard let (size, checksum) = computed, size == entry.size else { return false }
        guard let expected = entry.checksum else {
            // Never recorded (the process that ingested the file ended first): record it now.
            await StorageIO.run(on: changeQueue) { [self] in commitChecksum(checksum, for: key, serial: entry.serial) }
            return true
        }
        guard expected == checksum else { return false }
        index.withLock { index in
            if index.entry(key)?.serial == entry.serial { index.update(key) { $0.verified = true } }
        }
        return true
    }

    /// Computes the checksum of an ingested entry off the caller's path, labels its file as
    /// `name`'s (see ``EntryLabel``), flushes it (unless ``Durability/processCrashSafe``), and
    /// records the checksum.
    func computeChecksumInBackground(_ name: ContentKey, _ key: SHA256Digest, serial: UInt64) {
        let path = layout.entry(key)
        StorageIO.background.async(group: backgroundWork) { [self] in
            let labelling = { [self] size, checksum in label(name, key, size: size, checksum: checksum) }
            guard let (size, checksum) = checksum(ofFileAt: path, flushing: synchronizes, labelling: labelling),
                index.withLock({ $0.entry(key)?.size }) == size
            else { return }
            changeQueue.async(group: backgroundWork) { [self] in commitChecksum(checksum, for: key, serial: serial) }
        }
    }

    /// Writes the access times held in memory, from the change queue, without waiting.
    func flushTouchesInBackground() {
        changeQueue.async(group: backgroundWork) { [self] in commitTouches() }
    }

    /// The size and checksum of the file at `path`, read in 1 MiB pieces; `nil` when it can't
    /// be read. The file is given the label `labelling` makes of them, if any, before it is
    /// flushed: the label is then that of the bytes read, even if the entry was replaced since.
    func checksum(
        ofFileAt path: String, flushing: Bool = false, labelling: ((Int64, UInt64) -> [UInt8])? = nil
    ) -> (Int64, UInt64)? {
        guard let descriptor = try? fileSystem.openForReading(atPath: path) else { return nil }
        defer { fileSystem.close(descriptor) }
        guard let (size, checksum) = try? readToEnd(descriptor, path: path) else { return nil }
        if let labelling { _ = fileSystem.setLabel(labelling(size, checksum), on: descriptor) }
        if flushing { try? fileSystem.synchronize(descriptor, path: path) }
        return (size, checksum)
    }

    /// Reads the open file at `path` from its position to its end in 1 MiB pieces, handing each
    /// to `body`, and returns the byte count read and its checksum (XXH64).
    func readToEnd(
        _ descriptor: Int32, path: String,
        _ body: (UnsafeRawBufferPointer) throws(FileSystemError) -> Void = { _ in }
    ) throws(FileSystemError) -> (Int64, UInt64) {
        var hasher = XXH64()
        var size: Int64 = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try fileSystem.read(descriptor, into: buffer, path: path)
            if count == 0 { return (size, hasher.finalize()) }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            try body(chunk)
            hasher.update(chunk)
            size += Int64(count)
        }
    }
}
