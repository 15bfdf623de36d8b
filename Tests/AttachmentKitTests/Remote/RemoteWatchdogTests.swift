import Testing

@testable import AttachmentKit

/// The watchdog's decision, at a given moment, whether the idle timeout or the deadline has
/// passed: no clock or sleep involved.
@Suite(.inTurn)
struct RemoteWatchdogTests {
    let start = 1.0
    let nanosecond = 1e-9

    func watchdog() -> TransferWatchdog {
        TransferWatchdog(idleTimeout: 2, totalTimeout: 10, clock: TransferTestClock(), start: start)
    }

    @Test("a chunk recorded after the clock was read is activity, not an overflow or a timeout")
    func activityAfterTheClockRead() {
        // The watcher read `now`, then another thread recorded a chunk a moment later: the last
        // activity is after `now` (with unsigned nanoseconds this subtraction overflowed and
        // stopped the process).
        let now = start + 5
        #expect(watchdog().limitPassed(at: now, lastActivity: now + nanosecond) == nil)
        #expect(watchdog().limitPassed(at: now, lastActivity: now + 3) == nil)
    }

    @Test("idle once the idle timeout has passed since the last activity, not before")
    func idle() {
        let last = start + 1
        #expect(watchdog().limitPassed(at: last + 2 - nanosecond, lastActivity: last) == nil)
        #expect(watchdog().limitPassed(at: last + 2, lastActivity: last) == .idle)
    }

    @Test("the deadline passes however recent the last activity")
    func total() {
        let now = start + 10
        #expect(watchdog().limitPassed(at: now - nanosecond, lastActivity: now - nanosecond) == nil)
        #expect(watchdog().limitPassed(at: now, lastActivity: now) == .total)
        #expect(watchdog().limitPassed(at: now, lastActivity: now + 1) == .total)
    }

    @Test("limits too long for nanoseconds never pass and are no crash")
    func longLimits() {
        // `RemotePart.Configuration` takes any finite timeout; in unsigned nanoseconds, 1e12 s
        // was past UInt64.max and the conversion stopped the process.
        let watchdog = TransferWatchdog(
            idleTimeout: 1e12, totalTimeout: .greatestFiniteMagnitude, clock: TransferTestClock(), start: start)
        #expect(watchdog.limitPassed(at: start + 1e9, lastActivity: start) == nil)
    }
}
