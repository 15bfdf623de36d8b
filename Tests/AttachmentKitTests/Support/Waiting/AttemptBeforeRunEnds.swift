import Testing

@testable import AttachmentKit

extension DownloadScript {
    /// The download numbered `index` once it has started, or, when `run` (the task that iterates
    /// the events) ends first without having started it, a stand-in that drives nothing, with an
    /// issue: a resolver that chose another part fails the test at once instead of leaving it to
    /// wait for its time limit.
    func attempt<Success: Sendable>(
        _ index: Int, before run: Task<Success, Never>, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ScriptedAttempt {
        let ended = LockedState(false)
        let watcher = Task {
            _ = await run.value
            ended.withLock { $0 = true }
        }
        defer { watcher.cancel() }
        // Polled: the start and the run's end are two events of different objects, and either
        // may come first; each check is cheap and the wait ends with the first of them.
        while startedCount <= index {
            if ended.withLock({ $0 }), startedCount <= index {
                Issue.record(
                    "download \(index) never started: the run ended without asking for it",
                    sourceLocation: sourceLocation)
                return ScriptedAttempt(partID: "stand-in", observer: RecordingObserver())
            }
            guard (try? await Task.sleep(nanoseconds: 1_000_000)) != nil else { break }
        }
        return await attempt(index, sourceLocation: sourceLocation)
    }
}
