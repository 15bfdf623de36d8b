import AttachmentKit
import Foundation

/// The scroll simulation's time: a ``TransferClock`` that moves only when the simulation ends a
/// frame. Given to the coordinator, it times the loaders' start delay, progress throttling and
/// retries; the simulated downloads sleep on it too. So what starts depends on the frames of
/// the scroll script, never on how fast the machine runs them.
final class FrameClock: TransferClock {
    private struct Sleeper {
        let deadline: Double
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = 0.0
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let state = LockedState(State())
    private static let origin = Date(timeIntervalSince1970: 1_800_000_000)

    /// Seconds of simulated time since the scroll began.
    var now: Double { state.withLock { $0.now } }

    /// The simulated time as a date (from a fixed origin).
    var date: Date { Self.origin + now }

    /// Suspends until the simulation has advanced `seconds` past the time of the call; returns
    /// at once for zero, less or NaN.
    func sleep(for seconds: Double) async throws {
        try Task.checkCancellation()
        guard seconds > 0 else { return }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let admitted = state.withLock { state -> Bool in
                    // A cancel that came before this point found no sleeper to end.
                    guard !Task.isCancelled else { return false }
                    state.sleepers[id] = Sleeper(deadline: state.now + seconds, continuation: continuation)
                    return true
                }
                if !admitted { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Ends a frame: moves time on by `seconds` and wakes, earliest first, every sleeper whose
    /// deadline has come.
    func advance(by seconds: Double) {
        let due = state.withLock { state -> [Sleeper] in
            state.now += seconds
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
