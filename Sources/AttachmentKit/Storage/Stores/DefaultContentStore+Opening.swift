import Dispatch
import Foundation

extension DefaultContentStore {
    /// What opening has done so far, under ``DefaultContentStore``'s lock.
    struct Opening {
        /// The memory tier, made on first use; the tiered store's memory tier once the disk
        /// tier opens, so that what was kept while memory was all there was stays.
        var memory: InMemoryContentStore?
        /// The tiered store, once the directory has opened.
        var tiered: TieredContentStore?
        /// The last failed attempt: why, and when (uptime nanoseconds).
        var failure: (error: ContentStoreError, time: UInt64)?
        /// Trims the memory tier under memory pressure, on Apple platforms.
        var pressureListener: AnyObject?
        /// Whether ``DefaultContentStore/closeDiskTier()`` is closing the disk tier: until it
        /// has, the directory is still locked, and uses get the memory tier.
        var isClosingDisk = false
    }

    /// The store to use now: the tiered store once the directory has opened; otherwise an
    /// attempt to open it (on first use, and after a failure once ``openRetryInterval`` has
    /// passed), or the memory tier alone.
    func open() -> any ContentStore {
        opening.withLock { state in
            if let tiered = state.tiered { return tiered }
            let memory = state.memory ?? makeMemoryTier(in: &state)
            if state.isClosingDisk { return memory }
            let now = DispatchTime.now().uptimeNanoseconds
            if let failure = state.failure, Double(now &- failure.time) / 1e9 < openRetryInterval { return memory }
            do throws(ContentStoreError) {
                let disk = try reopenedDisk()
                let tiered = TieredContentStore(memory: memory, disk: disk)
                (state.tiered, state.failure) = (tiered, nil)
                return tiered
            } catch {
                state.failure = (error, now)
                return memory
            }
        }
    }

    /// The disk tier, opened now: with the settings of the one the app gave, or the defaults.
    private func reopenedDisk() throws(ContentStoreError) -> FileContentStore {
        guard let givenDisk else { return try FileContentStore(directory: directory, byteCapacity: diskByteCapacity) }
        return try FileContentStore(
            directory: givenDisk.directory, byteCapacity: givenDisk.byteCapacity, durability: givenDisk.durability,
            maximumPartialDownloads: givenDisk.maximumPartialDownloads)
    }

    private func makeMemoryTier(in state: inout Opening) -> InMemoryContentStore {
        let memory = InMemoryContentStore(policy: memoryPolicy)
        state.memory = memory
        state.pressureListener = Self.pressureListener(for: self)
        return memory
    }

    /// Trims the memory tier on the system's memory-pressure events (Apple platforms).
    func listenToMemoryPressure() {
        let listener = Self.pressureListener(for: self)
        opening.withLock { $0.pressureListener = listener }
    }

    private static func pressureListener(for store: DefaultContentStore) -> AnyObject? {
        MemoryPressureListener.start { [weak store] pressure in store?.relieve(pressure) }
    }
}
