import Foundation
import Testing

@testable import AttachmentKit

/// The tests' one clock: a ``TransferClock`` that moves only when a test advances it, its
/// monotonic ``now`` and its wall-clock ``date`` together; sleepers wake when the time passes
/// their deadline.
final class TransferTestClock: TransferClock {
    private struct Sleeper {
        let id: Int
        let deadline: Double
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Double = 1_000
        var date = Date(timeIntervalSince1970: 1_700_000_000)
        var sleepers: [Sleeper] = []
        var nextID = 0
        var sleepRequests: [Double] = []
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = LockedState(State())

    var now: Double { state.withLock { $0.now } }

    var date: Date { state.withLock { $0.date } }

    /// Every delay asked of `sleep(for:)`, in order.
    var sleepRequests: [Double] { state.withLock { $0.sleepRequests } }
    /// How many tasks are asleep on this clock now.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    func sleep(for seconds: Double) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.sleepRequests.append(seconds)
                    guard !Task.isCancelled else {
                        continuation.resume(throwing: CancellationError())
                        return []
                    }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + seconds, continuation: continuation))
                    let count = state.sleepers.count
                    let ready = state.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
                    state.sleeperWaiters.removeAll { $0.count <= count }
                    return ready
                }
                for waiter in waiters { waiter.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on by `seconds`, waking every sleeper whose deadline has passed.
    func advance(by seconds: Double) {
        let due = state.withLock { state -> [Sleeper] in
            state.now += seconds
            state.date += seconds
            let due = state.sleepers.filter { $0.deadline <= state.now }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks are asleep on this clock, or with an issue when the
    /// test is cancelled first (past its time limit).
    func waitForSleepers(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
        _ = await awaitUnlessCancelled("\(count) sleepers on the clock", sourceLocation: sourceLocation) {
            await self.arrival(ofSleepers: count)
        }
    }

    private func arrival(ofSleepers count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                guard state.sleepers.count < count else { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
