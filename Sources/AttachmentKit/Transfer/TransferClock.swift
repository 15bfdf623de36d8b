import Foundation

/// The time source of the download machinery: when progress may be delivered again and how
/// long to wait before a retry.
///
/// Times are seconds on a monotonic scale whose zero is arbitrary. Inject a clock you advance
/// by hand to make throttling and retry back-off instant and deterministic in tests. (Swift's
/// `Clock` needs iOS 16 / macOS 13; this protocol works on every deployment target.)
public protocol TransferClock: Sendable {
    /// The current time in seconds. Never decreases.
    var now: Double { get }

    /// Suspends the calling task for `seconds`.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while it waits.
    func sleep(for seconds: Double) async throws
}

/// The real clock: monotonic system uptime, and `Task.sleep`.
public struct SystemTransferClock: TransferClock {
    /// Creates the system clock.
    public init() {}

    /// Seconds of system uptime (`DispatchTime`), which never go back.
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Suspends the calling task for `seconds` with `Task.sleep`; returns at once for zero or
    /// less.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(for seconds: Double) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        let nanoseconds = seconds >= Double(UInt64.max) / 1e9 ? UInt64.max : UInt64(seconds * 1e9)
        try await Task.sleep(nanoseconds: nanoseconds)
    }
}
