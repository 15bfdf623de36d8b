/// The two files of one key's partial download, and the calls that read and write them.
struct PartialDownloadFiles: Sendable {
    let key: ContentKey
    let digest: SHA256Digest
    let layout: StoreLayout
    let fileSystem: any StoreFileSystem
    let synchronizes: Bool

    var dataPath: String { layout.partialData(digest) }
    var statePath: String { layout.partialState(digest) }

    /// The state file, if there is an intact one.
    func readState() -> PartialDownloadRecord? {
        (try? fileSystem.readFile(atPath: statePath)).flatMap(PartialDownloadRecord.init(decoding:))
    }

    /// Replaces the state file atomically: staging file, flush, rename, directory flush.
    func writeState(_ record: PartialDownloadRecord) throws(FileSystemError) {
        try fileSystem.replaceFile(
            atPath: statePath, with: record.encoded, stagingPath: layout.staged(StoreLayout.newStagingIdentifier()),
            directory: layout.partial, synchronizes: synchronizes)
    }

    /// Removes both files.
    func remove() {
        fileSystem.removeFile(atPath: statePath)
        fileSystem.removeFile(atPath: dataPath)
    }

    /// The checksum state after the first `count` bytes of the data file; `nil` when it has
    /// fewer.
    func hashPrefix(_ count: Int64) -> XXH64? {
        guard let descriptor = try? fileSystem.openForReading(atPath: dataPath) else { return nil }
        defer { fileSystem.close(descriptor) }
        var hasher = XXH64()
        var remaining = count
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while remaining > 0 {
            let wanted = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(min(remaining, Int64(buffer.count)))])
            guard let read = try? fileSystem.read(descriptor, into: wanted, path: dataPath), read > 0 else {
                return nil
            }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<read]))
            remaining -= Int64(read)
        }
        return hasher
    }
}
