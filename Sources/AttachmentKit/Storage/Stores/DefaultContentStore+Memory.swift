extension DefaultContentStore {
    /// How hard the system is pressed for memory.
    enum MemoryPressure: Sendable {
        /// Memory is low: the memory tier is trimmed to half its limit.
        case warning
        /// Memory is critically low: the memory tier is emptied.
        case critical
    }

    /// Evicts the least recently used content of the memory tier until it holds at most `cost`
    /// bytes (nothing by default); content on disk stays. Call it when the app gets a memory
    /// warning (`UIApplication.didReceiveMemoryWarningNotification`) or when an app extension
    /// is about to need memory. Does nothing before the store's first use.
    ///
    /// On Apple platforms the store also trims itself on the system's memory-pressure events.
    public func trimMemory(toCost cost: Int64 = 0) {
        opening.withLock { $0.memory }?.trim(toCost: cost)
    }

    /// Trims the memory tier for a memory-pressure event.
    func relieve(_ pressure: MemoryPressure) {
        switch pressure {
        case .warning: trimMemory(toCost: memoryCostLimit / 2)
        case .critical: trimMemory(toCost: 0)
        }
    }
}
