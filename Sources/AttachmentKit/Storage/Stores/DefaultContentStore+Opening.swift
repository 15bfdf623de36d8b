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
    }

    /// The store to use now: the tiered store once the directory has opened; otherwise an
    /// attempt to open it (on first use, and after a failure once ``openRetryInterval`` has
    /// passed), or the memory tier alone.
    func open() -> any ContentStore {
        opening.withLock { state in
            if let tiered = state.tiered { return tiered }
            let memory = state.memory ?? makeMemoryTier(in: &state)
            let now = DispatchTime.now().uptimeNanoseconds
            if let failure = state.failure, Double(now &- failure.time) / 1e9 < openRetryInterval { return memory }
            do throws(ContentStoreError) {
                prepareDirectory()
                let disk = try FileContentStore(directory: directory, byteCapacity: diskByteCapacity)
                let tiered = TieredContentStore(memory: memory, disk: disk)
                (state.tiered, state.failure) = (tiered, nil)
                return tiered
            } catch {
                state.failure = (error, now)
                return memory
            }
        }
    }

    private func makeMemoryTier(in state: inout Opening) -> InMemoryContentStore {
        let memory = InMemoryContentStore(policy: memoryPolicy)
        state.memory = memory
        state.pressureListener = MemoryPressureListener.start { [weak self] pressure in self?.relieve(pressure) }
        return memory
    }

    /// On iOS, tvOS and watchOS, creates the directory and its folders with the data protection
    /// class `completeUntilFirstUserAuthentication`, and gives it to those that exist: files
    /// made in them inherit it, so that a download finishing while the device is locked (or a
    /// background launch after the first unlock) can use the store, whatever the app's default
    /// class. Elsewhere there is no data protection and the file store creates the folders.
    private func prepareDirectory() {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        let protection: [FileAttributeKey: Any] = [
            .protectionKey: FileProtectionType.completeUntilFirstUserAuthentication
        ]
        let layout = StoreLayout(root: directory.standardizedFileURL.path)
        for folder in [layout.root, layout.entries, layout.staging, layout.partial] {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: protection.merging([.posixPermissions: 0o700]) { first, _ in first })
        }
        for path in [layout.root, layout.entries, layout.staging, layout.partial, layout.journal, layout.lock] {
            try? FileManager.default.setAttributes(protection, ofItemAtPath: path)
        }
        #endif
    }
}
