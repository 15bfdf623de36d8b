import Dispatch

/// Runs blocking file-system work off the Swift concurrency thread pool.
enum StorageIO {
    /// Runs `body` on `queue` and returns its result to the awaiting task.
    ///
    /// `body` is released before the task resumes, so that whatever it captured (a store, and
    /// with it the lock on the store's directory) goes when the caller lets go of it.
    static func run<Value: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Value) async -> Value {
        let pending = LockedState<(@Sendable () -> Value)?>(body)
        return await withCheckedContinuation { continuation in
            queue.async {
                let result = pending.withLock { $0.take() }.map { $0() }
                if let result { continuation.resume(returning: result) }
            }
        }
    }

    /// The queue for work that may run in parallel (staging writes, hashing).
    static var parallel: DispatchQueue { .global(qos: .userInitiated) }

    /// The queue for checksums computed in the background.
    static var background: DispatchQueue { .global(qos: .utility) }
}
