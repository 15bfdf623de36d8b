import Foundation

/// Limits the transfers running at once against each origin (scheme, host and port), downloads'
/// and uploads' alike: more wait, and a freed slot goes to the waiter of highest priority (asked
/// when the slot frees, so a priority changed while waiting counts), then to the first come. A
/// cancelled waiter leaves the queue at once.
actor HostConcurrencyLimiter {
    private struct Waiter {
        let id: UInt64
        let priority: @Sendable () -> DownloadPriority
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var running: [String: Int] = [:]
    private var waiters: [String: [Waiter]] = [:]
    private var nextID: UInt64 = 0

    /// The key of the origin of `url`.
    nonisolated static func origin(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }

    /// Waits for a slot of `origin` (at most `limit` held at once); while waiting, `priority`
    /// says how urgent the caller is now.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while waiting.
    func acquire(
        _ origin: String, limit: Int, priority: @escaping @Sendable () -> DownloadPriority = { .normal }
    ) async throws {
        if running[origin, default: 0] < limit {
            running[origin, default: 0] += 1
            return
        }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiters[origin, default: []].append(Waiter(id: id, priority: priority, continuation: continuation))
            }
        } onCancel: {
            Task { await self.cancelWaiter(id, origin: origin) }
        }
    }

    /// Gives the slot to the most urgent waiter (the first of them to come), or frees it.
    func release(_ origin: String) {
        if var queue = waiters[origin], let next = Self.mostUrgent(in: queue) {
            let waiter = queue.remove(at: next)
            waiters[origin] = queue.isEmpty ? nil : queue
            waiter.continuation.resume()
            return
        }
        let count = running[origin, default: 1] - 1
        running[origin] = count > 0 ? count : nil
    }

    /// The number of callers waiting for a slot of `origin`.
    func waitingCount(for origin: String) -> Int { waiters[origin]?.count ?? 0 }

    /// The index of the waiter of highest priority, the earliest among equals.
    private static func mostUrgent(in queue: [Waiter]) -> Int? {
        var best: (index: Int, priority: DownloadPriority)?
        for (index, waiter) in queue.enumerated() {
            let priority = waiter.priority()
            if let current = best, priority <= current.priority { continue }
            best = (index, priority)
        }
        return best?.index
    }

    private func cancelWaiter(_ id: UInt64, origin: String) {
        guard var queue = waiters[origin], let index = queue.firstIndex(where: { $0.id == id }) else { return }
        let waiter = queue.remove(at: index)
        waiters[origin] = queue.isEmpty ? nil : queue
        waiter.continuation.resume(throwing: CancellationError())
    }
}
