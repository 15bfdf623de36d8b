/// Enforces a download attempt's idle timeout and total deadline itself: URLSession on Linux
/// fires sub-second request timeouts at once and ignores the resource timeout.
///
/// The attempt calls ``touch()`` on every response head and chunk (a store under a lock);
/// a watcher task wakes a few times per idle period and ends the attempt when either limit
/// has passed. Both read and sleep on a ``TransferClock``, so that a test can move time on by
/// hand instead of waiting out a timeout.
final class TransferWatchdog: Sendable {
    private let idleTimeout: Double
    private let totalTimeout: Double
    private let start: Double
    private let clock: any TransferClock
    private let lastActivity: LockedState<Double>

    /// Creates a watchdog whose limits (in seconds) count from `start`, a reading of `clock`
    /// (its current time by default).
    init(idleTimeout: Double, totalTimeout: Double, clock: any TransferClock, start: Double? = nil) {
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.clock = clock
        let start = start ?? clock.now
        self.start = start
        lastActivity = LockedState(start)
    }

    /// Records that something arrived.
    func touch() {
        let now = clock.now
        lastActivity.withLock { $0 = now }
    }

    /// Runs `operation` and returns its result, unless a limit passes on `clock` first: then
    /// the operation is cancelled, awaited, and ``RemotePartError/timedOut(_:)`` is thrown.
    static func run<Result: Sendable>(
        idleTimeout: Double, totalTimeout: Double, clock: any TransferClock,
        _ operation: @escaping @Sendable (TransferWatchdog) async throws -> Result
    ) async throws -> Result {
        let watchdog = TransferWatchdog(idleTimeout: idleTimeout, totalTimeout: totalTimeout, clock: clock)
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

    /// How long the watcher sleeps between looks: a quarter of the shorter limit, within
    /// 10 ms and 250 ms.
    private var tick: Double { min(max(min(idleTimeout, totalTimeout) / 4, 0.01), 0.25) }

    /// Sleeps until a limit passes, then throws ``RemotePartError/timedOut(_:)``; throws
    /// `CancellationError` when cancelled first.
    private func watch() async throws {
        let tick = tick
        while true {
            try await clock.sleep(for: tick)
            if let passed = limitPassed(at: clock.now, lastActivity: lastActivity.withLock { $0 }) {
                throw RemotePartError.timedOut(passed)
            }
        }
    }

    /// The limit that has passed at `now` (seconds on the watchdog's clock), if any, given the
    /// last activity recorded.
    ///
    /// `lastActivity` may be later than `now`: a chunk recorded on another thread after `now`
    /// was read. That is activity, not idleness (with unsigned nanoseconds this subtraction
    /// once overflowed and stopped the process).
    func limitPassed(at now: Double, lastActivity last: Double) -> RemotePartError.Timeout? {
        if now - start >= totalTimeout { return .total }
        if now - last >= idleTimeout { return .idle }
        return nil
    }
}
