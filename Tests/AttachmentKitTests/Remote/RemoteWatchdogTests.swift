import Testing

@testable import AttachmentKit

/// The watchdog's decision, at a given moment, whether the idle timeout or the deadline has
/// passed: no clock or sleep involved.
@Suite
struct RemoteWatchdogTests {
    let start: UInt64 = 1_000_000_000
    let second: UInt64 = 1_000_000_000

    func watchdog() -> TransferWatchdog {
        TransferWatchdog(idleTimeout: 2, totalTimeout: 10, start: start)
    }

    @Test("a chunk recorded after the clock was read is activity, not an overflow or a timeout")
    func activityAfterTheClockRead() {
        // The watcher read `now`, then another thread recorded a chunk a moment later: the last
        // activity is after `now` (this subtraction overflowed and stopped the process).
        let now = start + 5 * second
        #expect(watchdog().limitPassed(at: now, lastActivity: now + 1) == nil)
        #expect(watchdog().limitPassed(at: now, lastActivity: now + 3 * second) == nil)
    }

    @Test("idle once the idle timeout has passed since the last activity, not before")
    func idle() {
        let last = start + second
        #expect(watchdog().limitPassed(at: last + 2 * second - 1, lastActivity: last) == nil)
        #expect(watchdog().limitPassed(at: last + 2 * second, lastActivity: last) == .idle)
    }

    @Test("the deadline passes however recent the last activity")
    func total() {
        let now = start + 10 * second
        #expect(watchdog().limitPassed(at: now - 1, lastActivity: now - 1) == nil)
        #expect(watchdog().limitPassed(at: now, lastActivity: now) == .total)
        #expect(watchdog().limitPassed(at: now, lastActivity: now + second) == .total)
    }
}
