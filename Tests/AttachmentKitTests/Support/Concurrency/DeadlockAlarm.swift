import Foundation

/// Stops the test process when a test that may deadlock the concurrency pool hasn't finished
/// in time: a deadlocked pool can't run Swift Testing's time limit, so without this the whole
/// run would hang instead of failing.
///
/// It watches from a thread of its own, outside the pool. Call ``finished()`` when the test
/// is done.
final class DeadlockAlarm: Sendable {
    private let done = DispatchSemaphore(value: 0)

    /// Starts watching: after `seconds` without ``finished()``, prints `what` and aborts.
    init(_ what: String, seconds: Double) {
        let done = done
        Thread.detachNewThread {
            guard done.wait(timeout: .now() + seconds) == .timedOut else { return }
            FileHandle.standardError.write(Data("DeadlockAlarm: \(what) did not finish in \(seconds) s\n".utf8))
            abort()
        }
    }

    /// The test is done: the alarm stays silent.
    func finished() { done.signal() }
}
