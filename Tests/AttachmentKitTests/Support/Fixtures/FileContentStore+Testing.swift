import Foundation

@testable import AttachmentKit

extension FileContentStore {
    /// Opens a store for a test, on the real file system unless one is given.
    static func forTesting(
        in directory: StorageTemporaryDirectory, capacity: Int64 = 1 << 30, durability: Durability = .flushedToDevice,
        fileSystem: any StoreFileSystem = POSIXFileSystem(), clock: TransferTestClock = TransferTestClock(),
        compactionSlack: Int = 4096, maximumPartialDownloads: Int = 16
    ) throws -> FileContentStore {
        try FileContentStore(
            directory: directory.appending("store"), byteCapacity: capacity, durability: durability,
            fileSystem: fileSystem, clock: clock, compactionSlack: compactionSlack,
            maximumPartialDownloads: maximumPartialDownloads)
    }

    /// The bytes of `key`'s content, or `nil` on a miss.
    func bytes(for key: ContentKey) async throws -> Data? {
        guard let content = await content(for: key) else { return nil }
        return try content.bytes()
    }
}
