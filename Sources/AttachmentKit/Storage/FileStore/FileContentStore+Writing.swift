import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileContentStore {
    /// Writes `data` atomically as the content of `key` and returns the stored file.
    ///
    /// The bytes go to a staging file, which is flushed (unless ``Durability/processCrashSafe``),
    /// logged and renamed into place; their checksum is computed on the way. Least
    /// recently used entries are evicted first if the store would otherwise exceed
    /// ``byteCapacity``.
    ///
    /// - Throws: ``ContentStoreError/entryTooLarge(_:byteCount:limit:)`` when `data` is larger
    ///   than ``byteCapacity``; ``ContentStoreError/writeFailed(_:reason:)`` when it can't be
    ///   written (a full disk, for example); ``ContentStoreError/storeClosed(_:)`` once the
    ///   store is closed. Either way, what was stored under `key` is kept.
    @discardableResult
    public func store(_ data: Data, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        try checkOpen()
        let size = Int64(data.count)
        guard size <= byteCapacity else { throw .entryTooLarge(key, byteCount: size, limit: byteCapacity) }
        let digest = key.storageDigest
        // Staging runs in parallel with other writes; the commit then takes the journal's lock
        // on the same thread, so a write costs one hop off the caller's thread.
        _ = try await StorageIO.run(on: StorageIO.parallel) { [self] () -> Result<UInt64, ContentStoreError> in
            let checksum = XXH64.hash(data)
            let stagedFile: UInt64
            do throws(FileSystemError) {
                stagedFile = try stage(data, label: label(key, digest, size: size, checksum: checksum))
            } catch {
                return .failure(.writeFailed(key, reason: error.description))
            }
            return commit(
                StagedContent(key: key, digest: digest, stagedFile: stagedFile, size: size, checksum: checksum))
        }.get()
        return .file(URL(fileURLWithPath: layout.entry(digest), isDirectory: false))
    }

    /// Takes ownership of a downloaded file and stores it as the content of `key`.
    ///
    /// On the store's volume the file is renamed into the store: no bytes are copied, so this
    /// takes the same time whatever the file's size, and its checksum is computed afterwards in
    /// the background (where the file is also flushed, unless ``Durability/processCrashSafe``). A
    /// file on another volume is copied (and hashed while copied) and then removed; a file of
    /// this store (another entry's URL) is copied and left in place.
    ///
    /// - Throws: ``ContentStoreError/unreadableSource(_:reason:)`` when there is no readable
    ///   file at `fileURL`; ``ContentStoreError/entryTooLarge(_:byteCount:limit:)`` when it is
    ///   larger than ``byteCapacity``; ``ContentStoreError/writeFailed(_:reason:)`` when it
    ///   can't be stored; ``ContentStoreError/storeClosed(_:)`` once the store is closed. On
    ///   failure the file is left at `fileURL` and what was stored under `key` is kept.
    @discardableResult
    public func storeFile(at fileURL: URL, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        try checkOpen()
        guard fileURL.isFileURL else { throw .unreadableSource(fileURL, reason: "it is not a file URL") }
        let source = fileURL.standardizedFileURL.path
        guard let size = fileSystem.sizeOfFile(atPath: source) else {
            throw .unreadableSource(fileURL, reason: "there is no regular file there")
        }
        guard size <= byteCapacity else { throw .entryTooLarge(key, byteCount: size, limit: byteCapacity) }
        let digest = key.storageDigest
        let (serial, checksummed) = try await StorageIO.run(on: StorageIO.parallel) { [self] in
            ingest(source, url: fileURL, for: key, digest: digest).flatMap { staged in
                commit(staged).map { ($0, staged.checksum != nil) }
            }
        }.get()
        if !checksummed { computeChecksumInBackground(key, digest, serial: serial) }
        return .file(URL(fileURLWithPath: layout.entry(digest), isDirectory: false))
    }

    /// Writes `data` to a new staging file, labelled (see ``EntryLabel``) and flushed when the
    /// store is durable, and returns the file's identifier.
    func stage(_ data: Data, label: [UInt8]) throws(FileSystemError) -> UInt64 {
        let identifier = StoreLayout.newStagingIdentifier()
        let path = layout.staged(identifier)
        let descriptor = try fileSystem.createFile(atPath: path)
        do {
            try fileSystem.write(descriptor, data, path: path)
            _ = fileSystem.setLabel(label, on: descriptor)
            if synchronizes { try fileSystem.synchronize(descriptor, path: path) }
            fileSystem.close(descriptor)
        } catch {
            fileSystem.close(descriptor)
            fileSystem.removeFile(atPath: path)
            throw error
        }
        return identifier
    }

    /// Moves (or, across volumes, copies) the file at `source` into the staging directory.
    private func ingest(_ source: String, url: URL, for key: ContentKey, digest: SHA256Digest)
        -> Result<StagedContent, ContentStoreError>
    {
        let identifier = StoreLayout.newStagingIdentifier()
        let path = layout.staged(identifier)
        // A file of this store (an entry's URL) is copied: moving it would take it from its key.
        if isOwnFile(source) {
            return copy(source, url: url, to: identifier, removingSource: false, key: key, digest: digest).map {
                size, checksum in
                StagedContent(key: key, digest: digest, stagedFile: identifier, size: size, checksum: checksum)
            }
        }
        do {
            try fileSystem.rename(source, to: path)
            guard let size = fileSystem.sizeOfFile(atPath: path) else {
                return .failure(.unreadableSource(url, reason: "the file went away while it was stored"))
            }
            return .success(
                StagedContent(key: key, digest: digest, stagedFile: identifier, size: size, returnPath: source))
        } catch  where error.isCrossDevice {
            return copy(source, url: url, to: identifier, removingSource: true, key: key, digest: digest).map {
                size, checksum in
                StagedContent(key: key, digest: digest, stagedFile: identifier, size: size, checksum: checksum)
            }
        } catch {
            return .failure(.unreadableSource(url, reason: error.description))
        }
    }

    /// Copies `source` to a staging file, hashing it on the way and labelling it as `key`'s,
    /// then removes the source if asked to.
    private func copy(
        _ source: String, url: URL, to identifier: UInt64, removingSource: Bool, key: ContentKey,
        digest: SHA256Digest
    ) -> Result<(Int64, UInt64), ContentStoreError> {
        let path = layout.staged(identifier)
        let input: Int32
        do { input = try fileSystem.openForReading(atPath: source) } catch {
            return .failure(.unreadableSource(url, reason: error.description))
        }
        defer { fileSystem.close(input) }
        let output: Int32
        do { output = try fileSystem.createFile(atPath: path) } catch {
            return .failure(.unreadableSource(url, reason: "can't create a staging file: \(error)"))
        }
        let size: Int64
        let checksum: UInt64
        do throws(FileSystemError) {
            (size, checksum) = try readToEnd(input, path: source) { chunk throws(FileSystemError) in
                try fileSystem.write(output, chunk, path: path)
            }
            _ = fileSystem.setLabel(label(key, digest, size: size, checksum: checksum), on: output)
            if synchronizes { try fileSystem.synchronize(output, path: path) }
            fileSystem.close(output)
        } catch {
            fileSystem.close(output)
            fileSystem.removeFile(atPath: path)
            return .failure(.unreadableSource(url, reason: error.description))
        }
        if removingSource { fileSystem.removeFile(atPath: source) }
        return .success((size, checksum))
    }

    /// The label (``EntryLabel``) of `key`'s entry with this content, written now.
    func label(_ key: ContentKey, _ digest: SHA256Digest, size: Int64, checksum: UInt64) -> [UInt8] {
        EntryLabel(size: size, checksum: checksum, written: timestamp(), key: key).encoded(digest: digest)
    }
}

extension FileContentStore {
    /// Whether the file at `path` is one of this store's own (an entry, a staged file, a partial
    /// download): its folder is the store's directory or one of its folders.
    ///
    /// Folders are compared by device and inode, not by path: on a case-insensitive volume
    /// (APFS and HFS+ by default) `…/Caches/attachmentkit/entries/…` is the store's file even
    /// though its path doesn't start with the store's spelling, and so is a path through a
    /// symbolic link.
    func isOwnFile(_ path: String) -> Bool {
        if path.hasPrefix(layout.root + "/") { return true }
        guard let slash = path.lastIndex(of: "/"), let folder = Self.identity(String(path[..<slash])) else {
            return false
        }
        return [layout.root, layout.entries, layout.staging, layout.partial].contains { Self.identity($0) == folder }
    }

    /// The device and inode of the file or folder at `path`, following symbolic links.
    private static func identity(_ path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path.isEmpty ? "/" : path, &status) == 0 else { return nil }
        return [UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino)]
    }
}
