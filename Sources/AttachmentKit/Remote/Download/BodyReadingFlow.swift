/// Whether a download's body should be read now: `false` while its writer has too many bytes
/// waiting for the disk (``PartialDownloadWriter/setBacklogHandler(_:)``).
///
/// A body a transport delivers from its own callback is told to stop and resume reading
/// (``forward(to:)``); a body read chunk by chunk waits in ``waitUntilReading()``. Either way the
/// disk's pace reaches the network of that download alone.
final class BodyReadingFlow: Sendable {
    private let state = LockedState(State())

    private struct State {
        var isFull = false
        var isCancelled = false
        var waiter: CheckedContinuation<Void, Never>?
        var control: (@Sendable (_ isReading: Bool) -> Void)?
    }

    /// Passes each later change to `control` (`true`: read); called once, before any change.
    func forward(to control: (@Sendable (_ isReading: Bool) -> Void)?) {
        state.withLock { $0.control = control }
    }

    /// Notes that the writer is (`true`) or no longer is behind. Called under the writer's lock,
    /// in order: it only hands the news on.
    func setFull(_ isFull: Bool) {
        let (waiter, control) = state.withLock { state in
            state.isFull = isFull
            let waiter = isFull ? nil : state.waiter
            if !isFull { state.waiter = nil }
            return (waiter, state.control)
        }
        control?(!isFull)
        waiter?.resume()
    }

    /// Returns once the writer is not behind, or the task is cancelled.
    func waitUntilReading() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    guard state.isFull, !state.isCancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.isCancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
