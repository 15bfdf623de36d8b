import Foundation

@testable import AttachmentKit

/// A clock the test moves by hand.
final class StorageTestClock: Sendable {
    private let current = LockedState(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

extension FileContentStore {
    /// Opens a store for a test, on the real file system unless one is given.
    static func forTesting(
        in directory: StorageTemporaryDirectory, capacity: Int64 = 1 << 30, durability: Durability = .flushedToDevice,
        fileSystem: any StoreFileSystem = POSIXFileSystem(), clock: StorageTestClock = StorageTestClock(),
        compactionSlack: Int = 4096, maximumPartialDownloads: Int = 16
    ) throws -> FileContentStore {
        try FileContentStore(
            directory: directory.appending("store"), byteCapacity: capacity, durability: durability,
            fileSystem: fileSystem, now: { clock.now }, compactionSlack: compactionSlack,
            maximumPartialDownloads: maximumPartialDownloads)
    }

    /// The bytes of `key`'s content, or `nil` on a miss.
    func bytes(for key: ContentKey) async throws -> Data? {
        guard let content = await content(for: key) else { return nil }
        return try content.bytes()
    }
}
