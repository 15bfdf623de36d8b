import Foundation

/// The store ``DownloadCoordinator/shared`` keeps downloads in, so that resolvers store content
/// without being told to: a ``TieredContentStore`` (memory in front of disk) in the user's
/// caches directory, opened on first use.
///
/// Opening waits for the first call that needs the store, so creating a resolver or a
/// coordinator never touches the disk. When the directory can't be used (a read-only file
/// system, or another process has the store open), the store keeps content in memory only and
/// says why in ``openingError``; nothing is lost that was stored before, and downloads still
/// work.
public final class DefaultContentStore: ContentStore {
    /// The instance ``DownloadCoordinator/shared`` uses, in ``defaultDirectory``.
    public static let shared = DefaultContentStore()

    /// `AttachmentKit/Content` in the user's caches directory (`~/Library/Caches` on Apple
    /// platforms, `$XDG_CACHE_HOME` or `~/.cache` on Linux).
    public static var defaultDirectory: URL {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("AttachmentKit", isDirectory: true)
            .appendingPathComponent("Content", isDirectory: true)
    }

    /// The directory of the disk tier.
    public let directory: URL
    /// The memory tier's byte-cost limit.
    public let memoryCostLimit: Int64
    /// The disk tier's byte capacity.
    public let diskByteCapacity: Int64

    /// The opened store, or the reason the disk tier could not be opened.
    private let opened = LockedState<(store: any ContentStore, error: ContentStoreError?)?>(nil)

    /// Creates a store that opens on first use.
    ///
    /// - Parameters:
    ///   - directory: The disk tier's directory; ``defaultDirectory`` unless given another.
    ///   - memoryCostLimit: The memory tier's byte-cost limit; 64 MiB by default.
    ///   - diskByteCapacity: The disk tier's byte capacity; 1 GiB by default.
    public init(
        directory: URL = DefaultContentStore.defaultDirectory, memoryCostLimit: Int64 = 64 << 20,
        diskByteCapacity: Int64 = 1 << 30
    ) {
        self.directory = directory
        self.memoryCostLimit = memoryCostLimit
        self.diskByteCapacity = diskByteCapacity
    }

    /// The store behind this one, opened now if it was not yet: a ``TieredContentStore``, or
    /// an ``InMemoryContentStore`` when the directory can't be used.
    public var backingStore: any ContentStore { open().store }

    /// Why the disk tier could not be opened, or `nil` when it was (or has not been tried).
    public var openingError: ContentStoreError? { opened.withLock { $0?.error } }

    public func content(for key: ContentKey) async -> PartContent? {
        await backingStore.content(for: key)
    }

    @discardableResult
    public func store(_ data: Data, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        try await backingStore.store(data, for: key)
    }

    @discardableResult
    public func storeFile(at fileURL: URL, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        try await backingStore.storeFile(at: fileURL, for: key)
    }

    public func removeContent(for key: ContentKey) async {
        await backingStore.removeContent(for: key)
    }

    public func removeAll() async {
        await backingStore.removeAll()
    }

    public func usage() async -> ContentStoreUsage {
        await backingStore.usage()
    }

    /// Opens the tiers once; every caller after the first gets the same store.
    private func open() -> (store: any ContentStore, error: ContentStoreError?) {
        opened.withLock { opened in
            if let opened { return opened }
            let memory = InMemoryContentStore(costLimit: memoryCostLimit)
            let result: (store: any ContentStore, error: ContentStoreError?)
            do throws(ContentStoreError) {
                let disk = try FileContentStore(directory: directory, byteCapacity: diskByteCapacity)
                result = (TieredContentStore(memory: memory, disk: disk), nil)
            } catch {
                result = (memory, error)
            }
            opened = result
            return result
        }
    }
}
