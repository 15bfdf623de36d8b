import Dispatch

/// Runs blocking file-system work off the Swift concurrency thread pool.
enum StorageIO {
    /// Runs `body` on `queue` and returns its result to the awaiting task.
    static func run<Value: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }

    /// The queue for work that may run in parallel (staging writes, hashing).
    static var parallel: DispatchQueue { .global(qos: .userInitiated) }

    /// The queue for checksums computed in the background.
    static var background: DispatchQueue { .global(qos: .utility) }
}
