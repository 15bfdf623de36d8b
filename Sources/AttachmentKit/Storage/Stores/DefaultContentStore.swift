import Foundation

/// The store to use unless you need another, and the one ``DownloadCoordinator/shared`` keeps
/// downloads in: an ``InMemoryContentStore`` in front of a ``FileContentStore`` in the user's
/// caches directory (or a directory or opened store you give), opened on first use.
///
/// Opening waits for the first call that needs the store, so creating a resolver or a
/// coordinator never touches the disk. When the directory can't be used (a read-only file
/// system, another process has the store open, or an iPhone launched the app in the background
/// before its first unlock, when protected files can't be opened), the store keeps content in
/// memory only and says why in ``openingError``; nothing is lost that was stored before, and
/// downloads still work. It tries the directory again on a later use, at most once every
/// ``openRetryInterval`` seconds, and once it opens, the content kept in memory meanwhile stays
/// in the memory tier.
///
/// On iOS, tvOS and watchOS the directory is created with the data protection class
/// `completeUntilFirstUserAuthentication` (files in it are readable from the first unlock on,
/// also while the device is locked), whatever the app's default class. On Apple platforms the
/// memory tier is trimmed when the system reports memory pressure: to half its limit on a
/// warning, to nothing when critical. App extensions, whose memory limits are far lower, and
/// apps that handle memory warnings themselves can call ``trimMemory(toCost:)``.
public final class DefaultContentStore: ContentStore {
    /// The instance ``DownloadCoordinator/shared`` uses, in ``defaultDirectory``.
    public static let shared = DefaultContentStore()

    /// `<app>/AttachmentKit/Content` in the user's caches directory (`~/Library/Caches` on Apple
    /// platforms, `$XDG_CACHE_HOME` or `~/.cache` on Linux), where `<app>` is the main bundle's
    /// identifier, or the executable's name when there is no bundle identifier (a command-line
    /// tool, Linux).
    ///
    /// Per app, because only one process can have a store open: on macOS every unsandboxed app
    /// shares `~/Library/Caches`, and a second app using one path would get memory only. An app
    /// and its extensions that share a store pass a directory in their App Group container.
    public static var defaultDirectory: URL {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return defaultDirectory(
            in: caches, bundleIdentifier: Bundle.main.bundleIdentifier,
            executableName: ProcessInfo.processInfo.processName)
    }

    /// The default directory under `caches` for an app: named by its bundle identifier, or its
    /// executable's name, or `AttachmentKit` when neither is usable as a folder name.
    static func defaultDirectory(in caches: URL, bundleIdentifier: String?, executableName: String) -> URL {
        let candidates = [bundleIdentifier, executableName].compactMap { $0 }
        let owner =
            candidates.first { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("/") && !$0.contains("\0") }
            ?? "AttachmentKit"
        return caches.appendingPathComponent(owner, isDirectory: true)
            .appendingPathComponent("AttachmentKit", isDirectory: true)
            .appendingPathComponent("Content", isDirectory: true)
    }

    /// The directory of the disk tier.
    public let directory: URL
    /// What the memory tier keeps: ``DefaultContentStore/MemoryPolicy/recommended`` (64 MiB, entries of at
    /// most 1 MiB, in an app on a device with 4 GiB; less in an app extension or on a watch)
    /// unless given another. Larger content, such as an original photo, is served from
    /// disk as a file URL.
    public let memoryPolicy: DefaultContentStore.MemoryPolicy
    /// The disk tier's byte capacity.
    package let diskByteCapacity: Int64
    /// The least time, in seconds, between two attempts to open the directory after one failed.
    public let openRetryInterval: TimeInterval

    /// The memory tier, created on first use and kept across open attempts; the opened store,
    /// or the reason the last attempt failed and when it was made.
    let opening = LockedState(Opening())
    /// The disk tier the app opened itself, whose settings a reopening keeps; `nil` when the
    /// store opens its own.
    let givenDisk: FileContentStore?

    /// Creates a store that opens on first use.
    ///
    /// - Parameters:
    ///   - directory: The disk tier's directory; ``defaultDirectory`` unless given another.
    ///   - memory: What the memory tier keeps; by default ``DefaultContentStore/MemoryPolicy/recommended``:
    ///     previews, size parts and thumbnails of up to 1 MiB, 64 MiB in all in an app on a
    ///     device with 4 GiB, scaled down in app extensions and on Apple Watch.
    ///   - diskByteCapacity: The disk tier's byte capacity; 1 GiB by default.
    ///   - openRetryInterval: After the directory could not be opened, how long to keep memory
    ///     only before a use tries again; 5 seconds by default.
    public init(
        directory: URL = DefaultContentStore.defaultDirectory, memory: DefaultContentStore.MemoryPolicy = .recommended,
        diskByteCapacity: Int64 = 1 << 30, openRetryInterval: TimeInterval = 5
    ) {
        self.directory = directory
        self.memoryPolicy = memory
        self.diskByteCapacity = diskByteCapacity
        self.openRetryInterval = openRetryInterval.isFinite ? max(0, openRetryInterval) : 5
        self.givenDisk = nil
    }

    /// Creates a store whose memory tier is `memory`, in front of a ``FileContentStore`` the app
    /// opened itself: to choose its ``FileContentStore/Durability`` or its limit of partial
    /// downloads, or to handle a failure to open it at launch. After ``closeDiskTier()``, the
    /// next use opens the same directory again with the same settings.
    public init(memory: InMemoryContentStore = InMemoryContentStore(), disk: FileContentStore) {
        self.directory = disk.directory
        self.memoryPolicy = MemoryPolicy(costLimit: memory.costLimit, maximumEntryByteCount: memory.maximumEntryCost)
        self.diskByteCapacity = disk.byteCapacity
        self.openRetryInterval = 5
        self.givenDisk = disk
        opening.withLock { state in
            state.memory = memory
            state.tiered = TieredContentStore(memory: memory, disk: disk)
        }
        listenToMemoryPressure()
    }

    /// The store behind this one, opened now if it was not yet: the memory tier in front of the
    /// disk tier, or the memory tier alone when the directory can't be used.
    package var backingStore: any ContentStore { open() }

    /// Why the disk tier could not be opened at the last attempt, or `nil` when it was opened
    /// (or has not been tried).
    public var openingError: ContentStoreError? { opening.withLock { $0.failure?.error } }

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

    /// The keys held, least recently used first, without counting a use: the disk tier's
    /// (see ``FileContentStore/keys()``), or the memory tier's while the directory can't be
    /// used.
    public func keys() async -> [ContentKey] {
        await backingStore.keys()
    }

    /// Whether the store holds content for `key`, without counting a use.
    public func contains(_ key: ContentKey) async -> Bool {
        await backingStore.contains(key)
    }

    /// The content stored under `key`, or `nil` on a miss; like ``content(for:)``, except that
    /// a disk entry found damaged is reported.
    ///
    /// - Throws: what ``FileContentStore/checkedContent(for:)`` throws.
    public func checkedContent(for key: ContentKey) async throws(ContentStoreError) -> PartContent? {
        try await backingStore.checkedContent(for: key)
    }
}
