import Dispatch

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
        case .warning: trimMemory(toCost: memoryPolicy.costLimit / 2)
        case .critical: trimMemory(toCost: 0)
        }
    }
}

/// Calls a handler when the system reports memory pressure: a
/// `DispatchSource.makeMemoryPressureSource` on Apple platforms, nothing elsewhere (Linux's
/// Dispatch has no memory-pressure source).
// @unchecked Sendable: `source` is set once, in `init`, and a dispatch source is thread-safe.
final class MemoryPressureListener: @unchecked Sendable {
    #if canImport(Darwin)
    private let source: any DispatchSourceMemoryPressure

    private init(handler: @escaping @Sendable (DefaultContentStore.MemoryPressure) -> Void) {
        source = DispatchSource.makeMemoryPressureSource(
            eventMask: [.warning, .critical], queue: .global(qos: .utility))
        source.setEventHandler { [weak self] in
            guard let self else { return }
            handler(self.source.data.contains(.critical) ? .critical : .warning)
        }
        source.activate()
    }

    deinit { source.cancel() }
    #endif

    /// Starts listening; `nil` where the platform has no memory-pressure events. The events stop
    /// when the listener is released.
    static func start(handler: @escaping @Sendable (DefaultContentStore.MemoryPressure) -> Void)
        -> MemoryPressureListener?
    {
        #if canImport(Darwin)
        return MemoryPressureListener(handler: handler)
        #else
        return nil
        #endif
    }
}
