import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The calls a ``URLSessionTransport`` makes on one of its tasks that wait for the task's own
/// work queue (`resume()`, `cancel()`, `suspend()`, and the answers to its authentication
/// challenges, which may make URLSession cancel, suspend or resume it): one at a time, in the
/// order asked, on a serial queue of the task's own, never on the calling thread (which may be
/// that work queue, where these calls wait for themselves). The task is cancelled at most once.
///
/// One at a time is what keeps FoundationNetworking (Linux) from stopping the process. Its
/// `cancel()` checks the task's state inside a `sync` on the task's queue and adds the
/// cancelling work to that queue. If a second such `sync` on the same task is waiting then,
/// libdispatch hands the task's queue to it directly, and the cancelling work is scheduled only
/// after that second call has run, behind what the session's socket handling queued meanwhile:
/// a body that finishes arriving there removes the task from the session's registry first, and
/// the cancelling work then traps ("Trying to access a behaviour for a task that in not in the
/// registry"). Alone, a `cancel()` queues its work before the completion can queue the
/// removal, and the work finds the task complete and does nothing.
final class URLSessionTaskControl: Sendable {
    private let task: any ControlledTask
    private let queue = DispatchQueue(label: "AttachmentKit.URLSessionTaskControl")
    private let state = LockedState(State())

    private struct State {
        /// Set when the cancel is asked for (so that it is queued once).
        var cancelRequested = false
        /// Set on the queue, in turn, when the cancel is made.
        var cancelled = false
        var suspended = false
    }

    init(_ task: any ControlledTask) {
        self.task = task
    }

    /// Starts the task.
    func resume() {
        queue.async { [task] in task.resume() }
    }

    /// Stops the task, unless it has completed by the time its turn comes; later calls do nothing.
    func cancel() {
        let first = state.withLock { state in
            defer { state.cancelRequested = true }
            return !state.cancelRequested
        }
        guard first else { return }
        queue.async { [task, state] in
            state.withLock { $0.cancelled = true }
            if task.state == .running || task.state == .suspended { task.cancel() }
        }
    }

    /// Runs `answer`, a reply to one of the task's delegate callbacks that URLSession acts on
    /// with the calls above, in turn with them.
    func perform(_ answer: @escaping @Sendable () -> Void) {
        queue.async(execute: answer)
    }

    /// Suspends (`false`) and resumes (`true`) the task's reading, in turn with the calls above;
    /// nothing once the cancel has been made. Not on Linux, where suspending restarts the request (see
    /// ``URLSessionTransport/readingControl(of:)``).
    func setReading(_ isReading: Bool) {
        queue.async { [task, state] in
            let change = state.withLock { state -> Bool? in
                guard !state.cancelled, isReading == state.suspended else { return nil }
                guard isReading || task.state == .running else { return nil }
                state.suspended = !isReading
                return isReading
            }
            switch change {
            case true?: task.resume()
            case false?: task.suspend()
            case nil: break
            }
        }
    }
}

/// The calls ``URLSessionTaskControl`` makes on a task: `URLSessionTask`'s (a fake in tests).
protocol ControlledTask: AnyObject, Sendable {
    var state: URLSessionTask.State { get }
    func resume()
    func cancel()
    func suspend()
}

extension URLSessionTask: ControlledTask {}
