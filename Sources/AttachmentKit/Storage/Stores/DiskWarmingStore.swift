import Foundation

/// A store with a disk tier that a prefetch can fill without touching the memory tier: what
/// ``AttachmentPrefetcher`` warms, so that prefetched messages don't push the shown images
/// out of memory.
protocol DiskWarmingStore: ContentStore {
    /// The content under `key` without promoting a disk entry to memory.
    func contentWithoutPromotion(for key: ContentKey) async -> PartContent?
    /// Stores `data` on disk only (and forgets older bytes of `key` in memory).
    func storeOnDisk(_ data: Data, for key: ContentKey) async throws(ContentStoreError) -> PartContent
}

extension TieredContentStore: DiskWarmingStore {
    func contentWithoutPromotion(for key: ContentKey) async -> PartContent? {
        if let hit = memory.content(for: key) { return hit }
        return await disk.content(for: key)
    }

    func storeOnDisk(_ data: Data, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        let stored = try await disk.store(data, for: key)
        changing { memory.removeContent(for: key) }
        return stored
    }
}

extension DefaultContentStore: DiskWarmingStore {
    func contentWithoutPromotion(for key: ContentKey) async -> PartContent? {
        let backing = backingStore
        guard let tiered = backing as? any DiskWarmingStore else { return await backing.content(for: key) }
        return await tiered.contentWithoutPromotion(for: key)
    }

    func storeOnDisk(_ data: Data, for key: ContentKey) async throws(ContentStoreError) -> PartContent {
        let backing = backingStore
        guard let tiered = backing as? any DiskWarmingStore else { return try await backing.store(data, for: key) }
        return try await tiered.storeOnDisk(data, for: key)
    }
}
