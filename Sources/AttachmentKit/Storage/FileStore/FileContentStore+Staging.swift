import Foundation

/// Private files written in the staging folder by others than the store (the plaintext of an
/// ``EncryptedPart`` while it is decrypted): the store removes what a crash left there when it
/// opens, and makes a finished one an entry by rename, without the copy that
/// ``storeFile(at:for:)`` makes of a file already in the store's folder.
extension FileContentStore {
    /// A new path in the staging folder; see ``PartialDownloadStore/newStagingFileURL()``.
    package func newStagingFileURL() -> URL {
        URL(fileURLWithPath: layout.staged(StoreLayout.newStagingIdentifier()), isDirectory: false)
    }

    /// Makes the staging file at `url` the content of `key`; see
    /// ``PartialDownloadStore/storeStagingFile(at:for:)``. Its checksum is computed afterwards
    /// in the background, as for a file moved in by ``storeFile(at:for:)``.
    @discardableResult
    package func storeStagingFile(at url: URL, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        let path = url.path
        guard path.hasPrefix(layout.staging + "/"),
            let identifier = UInt64(url.lastPathComponent, radix: 16),
            layout.staged(identifier) == path
        else {
            try? FileManager.default.removeItem(at: url)
            throw .unreadableSource(url, reason: "it is not a file of this store's staging folder")
        }
        do throws(ContentStoreError) {
            try checkOpen()
            guard let size = fileSystem.sizeOfFile(atPath: path) else {
                throw .unreadableSource(url, reason: "there is no regular file there")
            }
            guard size <= byteCapacity else { throw .entryTooLarge(key, byteCount: size, limit: byteCapacity) }
            let digest = key.storageDigest
            let staged = StagedContent(key: key, digest: digest, stagedFile: identifier, size: size)
            // Without a return path, a failed commit removes the file.
            let serial = try await StorageIO.run(on: StorageIO.parallel) { [self] in commit(staged) }.get()
            computeChecksumInBackground(key, digest, serial: serial)
            return .file(URL(fileURLWithPath: layout.entry(digest), isDirectory: false))
        } catch {
            fileSystem.removeFile(atPath: path)
            throw error
        }
    }
}
