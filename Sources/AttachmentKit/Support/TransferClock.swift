import Foundation

/// AttachmentKit's one time source: when progress may be delivered again, how long to wait
/// before a retry, when a remote download has waited too long for its next byte or run past
/// its deadline, and the wall-clock dates that `Retry-After` headers and the file store's
/// access times are measured against.
///
/// ``now`` is seconds on a monotonic scale whose zero is arbitrary; ``date`` is the wall clock,
/// which may jump. Inject a clock you advance by hand to make throttling, retry back-off,
/// download timeouts and date arithmetic instant and deterministic in tests. (Swift's `Clock` needs iOS 16 /
/// macOS 13; this protocol works on every deployment target.)
package protocol TransferClock: Sendable {
    /// The current time in seconds. Never decreases.
    var now: Double { get }

    /// The current wall-clock date.
    var date: Date { get }

    /// Suspends the calling task for `seconds`.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while it waits.
    func sleep(for seconds: Double) async throws
}

/// The real clock: monotonic system uptime, the system's date, and `Task.sleep`.
package struct SystemTransferClock: TransferClock {
    /// Creates the system clock.
    package init() {}

    /// Seconds of system uptime (`DispatchTime`), which never go back.
    package var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// The system's date (`Date()`).
    package var date: Date { Date() }

    /// Suspends the calling task for `seconds` with `Task.sleep`; returns at once for zero or
    /// less.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    package func sleep(for seconds: Double) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        let nanoseconds = seconds >= Double(UInt64.max) / 1e9 ? UInt64.max : UInt64(seconds * 1e9)
        try await Task.sleep(nanoseconds: nanoseconds)
    }
}
