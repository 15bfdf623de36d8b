import Dispatch

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
