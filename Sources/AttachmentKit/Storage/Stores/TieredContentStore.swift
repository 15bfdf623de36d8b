import Foundation

/// An ``InMemoryContentStore`` in front of a ``FileContentStore``: the two tiers of a
/// ``DefaultContentStore`` once its directory has opened.
///
/// - A hit in memory costs no I/O.
/// - A disk hit on an entry small enough for the memory store (at most its
///   ``InMemoryContentStore/maximumEntryCost``, 10 % of its cost limit by default) reads the
///   bytes once, keeps them in memory, and returns them as ``PartContent/data(_:)``; later hits
///   come from memory. A larger entry (an original photo or a video) is not promoted: it is
///   returned as ``PartContent/file(_:)`` from disk every time, which costs a `stat`, so that
///   it doesn't push every preview out of memory. File URLs are never kept in memory, because
///   the disk store may evict the file behind them.
/// - Writes go to disk first; memory gets the new bytes only once they are on disk, so the
///   two tiers never disagree after a write returns. A failed disk write changes neither.
final class TieredContentStore: ContentStore {
    /// The memory tier.
    let memory: InMemoryContentStore
    /// The disk tier, which holds every entry.
    let disk: FileContentStore

    /// Counts writes, so that a promotion read before a write never lands after it.
    private let writeCount = LockedState<UInt64>(0)

    /// Runs between reading a disk entry's bytes and promoting them, so that tests can race a
    /// write against a promotion.
    private let beforePromotion: (@Sendable () async -> Void)?

    /// Puts `memory` in front of `disk`.
    convenience init(memory: InMemoryContentStore = InMemoryContentStore(), disk: FileContentStore) {
        self.init(memory: memory, disk: disk, beforePromotion: nil)
    }

    init(memory: InMemoryContentStore, disk: FileContentStore, beforePromotion: (@Sendable () async -> Void)?) {
        self.memory = memory
        self.disk = disk
        self.beforePromotion = beforePromotion
    }

    /// The content stored under `key`: from memory if it is there, otherwise from disk
    /// (promoting a small entry's bytes to memory).
    func content(for key: ContentKey) async -> PartContent? {
        (try? await checkedContent(for: key)) ?? nil
    }

    /// The content stored under `key`, or `nil` on a miss; like ``content(for:)``, except that
    /// a disk entry found damaged is reported.
    ///
    /// - Throws: what ``FileContentStore/checkedContent(for:)`` throws.
    func checkedContent(for key: ContentKey) async throws(ContentStoreError) -> PartContent? {
        if let hit = memory.content(for: key) { return hit }
        let writesBefore = writeCount.withLock { $0 }
        guard let content = try await disk.checkedContent(for: key) else { return nil }
        guard let url = content.fileURL, let size = try? content.byteCount(), size <= memory.maximumEntryCost else {
            return content
        }
        guard let data = await StorageIO.run(on: StorageIO.parallel, { try? Data(contentsOf: url) }),
            Int64(data.count) == size
        else { return content }
        await beforePromotion?()
        writeCount.withLock { writes in
            if writes == writesBefore { memory.insert(.data(data), for: key) }
        }
        return .data(data)
    }

    /// Stores `data` on disk, then in memory if it is small enough, and returns it (as
    /// ``PartContent/data(_:)`` when memory kept it, otherwise as the disk file).
    ///
    /// - Throws: what ``FileContentStore/store(_:for:)`` throws; both tiers are then
    ///   unchanged.
    @discardableResult
    func store(_ data: Data, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        let stored = try await disk.store(data, for: key)
        let kept = changing { memory.insert(.data(data), for: key) }
        return kept ? .data(data) : stored
    }

    /// Moves a downloaded file into the disk store and forgets any older bytes of `key` in
    /// memory.
    ///
    /// - Throws: what ``FileContentStore/storeFile(at:for:)`` throws; both tiers are then
    ///   unchanged.
    @discardableResult
    func storeFile(at fileURL: URL, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        let stored = try await disk.storeFile(at: fileURL, for: key)
        changing { memory.removeContent(for: key) }
        return stored
    }

    /// Removes the content of `key` from both tiers.
    func removeContent(for key: ContentKey) async {
        changing { memory.removeContent(for: key) }
        await disk.removeContent(for: key)
    }

    /// Empties both tiers and removes every partial download.
    func removeAll() async {
        changing { memory.removeAll() }
        await disk.removeAll()
    }

    /// The disk tier's usage: every entry is on disk, and memory holds copies.
    func usage() async -> ContentStoreUsage {
        disk.usage()
    }

    /// The keys held, least recently used first: the disk tier's (see
    /// ``FileContentStore/keys()``).
    func keys() async -> [ContentKey] {
        await disk.keys()
    }

    /// Whether the store holds an entry for `key`, without counting a use: whether the disk
    /// tier does.
    func contains(_ key: ContentKey) async -> Bool {
        await disk.contains(key)
    }

    /// The disk tier's resumable partial download for `key`.
    package func partialDownload(for key: ContentKey) async -> PartialDownload? {
        await disk.partialDownload(for: key)
    }

    /// Opens the disk tier's partial download of `key`.
    package func openPartialDownload(
        for key: ContentKey, validator: RemotePart.Validator?, source: PartialDownloadSource, resumingAt offset: Int64
    )
        async throws(ContentStoreError) -> PartialDownloadWriter
    {
        try await disk.openPartialDownload(for: key, validator: validator, source: source, resumingAt: offset)
    }

    /// Completes the disk tier's partial download of `key` and forgets older bytes of `key`
    /// in memory.
    @discardableResult
    package func completePartialDownload(for key: ContentKey, expectedByteCount: Int64? = nil)
        async throws(ContentStoreError) -> PartContent
    {
        let stored = try await disk.completePartialDownload(for: key, expectedByteCount: expectedByteCount)
        changing { memory.removeContent(for: key) }
        return stored
    }

    /// Discards the disk tier's partial download of `key`.
    package func discardPartialDownload(for key: ContentKey) async {
        await disk.discardPartialDownload(for: key)
    }

    /// A new path in the disk tier's staging folder.
    package func newStagingFileURL() -> URL {
        disk.newStagingFileURL()
    }

    /// Makes a file of the disk tier's staging folder `key`'s content there, and forgets older
    /// bytes of `key` in memory.
    @discardableResult
    package func storeStagingFile(at url: URL, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        let stored = try await disk.storeStagingFile(at: url, for: key)
        changing { memory.removeContent(for: key) }
        return stored
    }

    /// Counts a write, then changes the memory tier.
    func changing<Result>(_ change: () -> Result) -> Result {
        writeCount.withLock { $0 &+= 1 }
        return change()
    }
}

// Partial downloads go to the disk tier (the methods above), for the HTTP transport.
extension TieredContentStore: PartialDownloadStore {}
