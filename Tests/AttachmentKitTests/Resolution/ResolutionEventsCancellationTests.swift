import Testing

@testable import AttachmentKit

@Suite("AttachmentResolver events: leaving the loop stops the downloads", SuiteTimeLimit.minutes(2), .inTurn)
struct ResolutionEventsCancellationTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "breaking out of the loop cancels the original's download even while the sequence is still kept, as in main.swift"
    )
    func breakWhileSequenceIsKept() async {
        let full = ScriptedPart("full")
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let events = AttachmentResolver(downloads: coordinator).events(for: [full], fetchingOriginal: true)
        for await event in events {
            if case .progress = event { break }
        }
        let attempt = await full.script.attempt(0)
        _ = await awaitUnlessCancelled("the download to be cancelled") { await attempt.waitUntilCancelled() }
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.activeTransferCount == 0)
        withExtendedLifetime(events) {}
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "nothing starts until the sequence is iterated, and each iteration is a run of its own")
    func lazyAndRepeatable() async {
        let full = ScriptedPart("full")
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let events = AttachmentResolver(downloads: coordinator).events(for: [full], fetchingOriginal: true)
        #expect(await coordinator.activeTransferCount == 0)
        #expect(full.script.startedCount == 0)
        for round in 0..<2 {
            let attempt = await Self.firstEventThenRelease(events, attempt: { await full.script.attempt(round) })
            _ = await awaitUnlessCancelled("run \(round) to be cancelled") { await attempt.waitUntilCancelled() }
            await coordinator.waitUntilIdleUnlessCancelled()
        }
        #expect(full.script.startedCount == 2)
    }

    /// Iterates `events` to its first event and returns the started attempt; the iterator is
    /// released on return.
    private static func firstEventThenRelease(
        _ events: AttachmentResolver.Events, attempt: () async -> ScriptedAttempt
    ) async -> ScriptedAttempt {
        var iterator = events.makeAsyncIterator()
        _ = await iterator.next()
        return await attempt()
    }
}
