/// Letting go of the disk tier while the app is in the background, and taking it back.
extension DefaultContentStore {
    /// Closes the disk tier and releases its directory's lock, keeping the memory tier; the next
    /// use opens the directory again, as the first use did.
    ///
    /// iOS terminates a suspended app that holds a file lock in an App Group container
    /// (`0xdead10cc`). A store whose ``directory`` is in one is closed when the app leaves the
    /// foreground, inside a background task since closing writes the access times:
    ///
    /// ```swift
    /// .onChange(of: scenePhase) { phase in
    ///     guard phase == .background else { return }
    ///     let task = UIApplication.shared.beginBackgroundTask()
    ///     Task {
    ///         await store.closeDiskTier()
    ///         UIApplication.shared.endBackgroundTask(task)
    ///     }
    /// }
    /// ```
    ///
    /// The next lookup or download reopens it; the memory tier's content stays, and partial
    /// downloads resume (a write under way throws ``ContentStoreError/storeClosed(_:)``, and a
    /// download retries). In the app's own caches directory (the default) there is no need to
    /// close: the watchdog concerns shared containers only.
    public func closeDiskTier() async {
        let tiered = opening.withLock { state -> TieredContentStore? in
            guard let tiered = state.tiered else { return nil }
            state.tiered = nil
            state.failure = nil
            state.isClosingDisk = true
            return tiered
        }
        guard let tiered else { return }
        await tiered.disk.close()
        opening.withLock { $0.isClosingDisk = false }
    }
}
