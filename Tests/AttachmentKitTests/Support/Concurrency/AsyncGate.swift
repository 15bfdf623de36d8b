@testable import AttachmentKit

/// A counting gate for async code: at most ``width`` bodies run at once, the others wait, in
/// order, without holding a thread.
final class AsyncGate: Sendable {
    /// How many bodies may run at once.
    let width: Int
    private let state = LockedState(State())

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    init(width: Int) { self.width = max(1, width) }

    /// How many bodies run now.
    var running: Int { state.withLock { $0.running } }

    /// How many bodies wait for their turn now.
    var waiting: Int { state.withLock { $0.waiting.count } }

    /// Runs `body` once fewer than ``width`` bodies run.
    func run<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                guard state.running < width else {
                    state.waiting.append(continuation)
                    return false
                }
                state.running += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Hands the place over to the first waiter, if any (the count stays), or frees it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
