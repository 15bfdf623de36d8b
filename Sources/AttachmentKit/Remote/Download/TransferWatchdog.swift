import Dispatch

/// Enforces a download attempt's idle timeout and total deadline itself: URLSession on Linux
/// fires sub-second request timeouts at once and ignores the resource timeout.
///
/// The attempt calls ``touch()`` on every response head and chunk (a store under a lock);
/// a watcher task wakes a few times per idle period and ends the attempt when either limit
/// has passed.
final class TransferWatchdog: Sendable {
    private let idleNanoseconds: UInt64
    private let totalNanoseconds: UInt64
    private let start: UInt64
    private let lastActivity: LockedState<UInt64>

    /// Creates a watchdog whose limits count from `start` (monotonic nanoseconds).
    init(idleTimeout: Double, totalTimeout: Double, start: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        idleNanoseconds = UInt64(idleTimeout * 1e9)
        totalNanoseconds = UInt64(totalTimeout * 1e9)
        self.start = start
        lastActivity = LockedState(start)
    }

    /// Records that something arrived.
    func touch() {
        let now = DispatchTime.now().uptimeNanoseconds
        lastActivity.withLock { $0 = now }
    }

    /// Runs `operation` and returns its result, unless a limit passes first: then the
    /// operation is cancelled, awaited, and ``RemotePartError/timedOut(_:)`` is thrown.
    static func run<Result: Sendable>(
        idleTimeout: Double, totalTimeout: Double,
        _ operation: @escaping @Sendable (TransferWatchdog) async throws -> Result
    ) async throws -> Result {
        let watchdog = TransferWatchdog(idleTimeout: idleTimeout, totalTimeout: totalTimeout)
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await operation(watchdog) }
            group.addTask {
                try await watchdog.watch()
                return nil
            }
            defer { group.cancelAll() }
            while let outcome = try await group.next() {
                if let outcome { return outcome }
            }
            throw CancellationError()
        }
    }

    /// Sleeps until a limit passes, then throws ``RemotePartError/timedOut(_:)``; throws
    /// `CancellationError` when cancelled first.
    private func watch() async throws {
        let tick = min(max(min(idleNanoseconds, totalNanoseconds) / 4, 10_000_000), 250_000_000)
        while true {
            try await Task.sleep(nanoseconds: tick)
            let now = DispatchTime.now().uptimeNanoseconds
            if let passed = limitPassed(at: now, lastActivity: lastActivity.withLock { $0 }) {
                throw RemotePartError.timedOut(passed)
            }
        }
    }

    /// The limit that has passed at `now`, if any, given the last activity recorded.
    ///
    /// `lastActivity` may be later than `now`: a chunk recorded on another thread after `now`
    /// was read. That is activity, not idleness (an unsigned subtraction there overflowed and
    /// stopped the process).
    func limitPassed(at now: UInt64, lastActivity last: UInt64) -> RemotePartError.Timeout? {
        if now - start >= totalNanoseconds { return .total }
        if now > last, now - last >= idleNanoseconds { return .idle }
        return nil
    }
}
