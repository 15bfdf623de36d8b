import Foundation
import Testing

@testable import AttachmentKit

/// Cancelling tasks that await a download just as it completes never deadlocks.
///
/// A task's cancellation handler runs while that task's status lock is held. When it took the
/// download's locks, and the completing thread held those locks while resuming the same task
/// (which needs the status lock), the two waited for each other: a CI run hung with every
/// thread of the pool in these locks. A deadlock stops the whole pool, so this test's time
/// limit can't fire: a ``DeadlockAlarm`` stops the process instead, once 30 s pass without a
/// round ending. With the handler taking the
/// locks again, 7 of 10 runs of this test deadlocked (and 2 of 4 with the alarm, which then
/// stopped the run in 30 s); with the hop, none of 20.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct DownloadCancelRacesCompletionTests {
    static let rounds = 3_000

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("3,000 completions racing the cancel of 8 tasks awaiting them: every task ends")
    func cancelRacesCompletion() async {
        let alarm = DeadlockAlarm("cancelling tasks that await a completing download", seconds: 30)
        defer { alarm.finished() }
        var ended = 0
        for round in 0..<Self.rounds {
            let part = ScriptedPart(PartID("race-\(round)"))
            let coordinator = TransferFixtures.coordinator(throttle: .none)
            let waiters = (0..<8).map { _ in Task { try? await coordinator.content(for: part) } }
            let attempt = await part.script.attempt(0)
            let content = TransferFixtures.content("content-\(round)")
            DispatchQueue.global().async { attempt.succeed(content) }
            for waiter in waiters { waiter.cancel() }
            for waiter in waiters {
                _ = await waiter.value
                ended += 1
            }
            alarm.progressed()
        }
        #expect(ended == Self.rounds * 8)
    }
}
