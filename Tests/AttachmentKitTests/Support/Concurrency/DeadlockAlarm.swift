import Foundation

/// Stops the test process when a test that may deadlock the concurrency pool stops making
/// progress: a deadlocked pool can't run Swift Testing's time limit, so without this the whole
/// run would hang instead of failing.
///
/// It watches from a thread of its own, outside the pool, and goes off after a whole window of
/// `seconds` in which the test neither finished nor reported ``progressed()`` while the process
/// as a whole used less than ``idleCPUSeconds`` of CPU time: a deadlocked pool does nothing at
/// all. A test that a loaded machine merely holds back is not stopped: either it reports
/// progress, or the pool is busy with other tests (a fixed 30 s went off under a parallel
/// release build with the pool's two threads in a parser test and an `fsync`, nothing
/// deadlocked). Call ``finished()`` when it is done.
final class DeadlockAlarm: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let beats = DispatchSemaphore(value: 0)

    /// The CPU time a window may use at most and still count as a deadlock.
    static let idleCPUSeconds = 0.5

    /// Starts watching: after a window of `seconds` with neither ``finished()`` nor
    /// ``progressed()`` and with the process all but idle, prints `what` and aborts.
    init(_ what: String, seconds: Double) {
        let done = done
        let beats = beats
        Thread.detachNewThread {
            var cpu = Self.processCPUSeconds()
            while done.wait(timeout: .now() + seconds) == .timedOut {
                var progressed = false
                while beats.wait(timeout: .now()) == .success { progressed = true }
                let used = Self.processCPUSeconds() - cpu
                cpu += used
                guard !progressed, used < Self.idleCPUSeconds else { continue }
                FileHandle.standardError.write(
                    Data("DeadlockAlarm: \(what) made no progress in \(seconds) s (process CPU \(used) s)\n".utf8))
                abort()
            }
        }
    }

    /// The CPU time this process has used, user and system, in seconds.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The test went a step further: the alarm waits another window.
    func progressed() { beats.signal() }

    /// The test is done: the alarm stays silent.
    func finished() { done.signal() }
}
