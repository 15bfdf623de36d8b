import Foundation

/// Limits the downloads running at once against each origin (scheme, host and port): more
/// wait in arrival order, and a cancelled waiter leaves the queue at once.
actor HostConcurrencyLimiter {
    private var running: [String: Int] = [:]
    private var waiters: [String: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)]] = [:]
    private var nextID: UInt64 = 0

    /// The key of the origin of `url`.
    nonisolated static func origin(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }

    /// Waits for a slot of `origin` (at most `limit` held at once).
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while waiting.
    func acquire(_ origin: String, limit: Int) async throws {
        if running[origin, default: 0] < limit {
            running[origin, default: 0] += 1
            return
        }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiters[origin, default: []].append((id, continuation))
            }
        } onCancel: {
            Task { await self.cancelWaiter(id, origin: origin) }
        }
    }

    /// Gives the slot to the next waiter, or frees it.
    func release(_ origin: String) {
        if var queue = waiters[origin], !queue.isEmpty {
            let next = queue.removeFirst()
            waiters[origin] = queue.isEmpty ? nil : queue
            next.continuation.resume()
            return
        }
        let count = running[origin, default: 1] - 1
        running[origin] = count > 0 ? count : nil
    }

    private func cancelWaiter(_ id: UInt64, origin: String) {
        guard var queue = waiters[origin], let index = queue.firstIndex(where: { $0.id == id }) else { return }
        let waiter = queue.remove(at: index)
        waiters[origin] = queue.isEmpty ? nil : queue
        waiter.continuation.resume(throwing: CancellationError())
    }
}
