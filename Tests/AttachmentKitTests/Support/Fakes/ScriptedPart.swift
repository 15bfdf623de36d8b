import Foundation
import Testing

@testable import AttachmentKit

/// A part whose downloads a test drives step by step: each call of `downloadContent` is an
/// ``ScriptedAttempt`` the test fetches from ``DownloadScript/attempt(_:)`` and then makes
/// report progress, succeed, fail, or waits for it to be cancelled.
struct ScriptedPart: MessagePart {
    let id: PartID
    let mimeType: MIMEType
    let transferStatus: TransferStatus
    let byteCount: Int64?
    let localContent: PartContent?
    let script: DownloadScript
    /// The other renditions the part offers (``MessagePart/renditions``).
    let renditions: [Rendition]

    init(
        _ id: PartID, mimeType: MIMEType = .imageJPEG, status: TransferStatus = .readyForDownload,
        byteCount: Int64? = nil, localContent: PartContent? = nil, script: DownloadScript = DownloadScript(),
        renditions: [Rendition] = []
    ) {
        self.id = id
        self.mimeType = mimeType
        self.transferStatus = status
        self.byteCount = byteCount
        self.localContent = localContent
        self.script = script
        self.renditions = renditions
    }

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        try await script.run(partID: id, observer: observer)
    }
}

/// The downloads of one ``ScriptedPart``, in the order they started.
final class DownloadScript: Sendable {
    private struct State {
        var attempts: [ScriptedAttempt] = []
        var waiters: [(index: Int, continuation: CheckedContinuation<ScriptedAttempt, Never>)] = []
        var running = 0
    }

    private let state = LockedState(State())
    /// When set, each download reports this many progress steps, yielding between them, and
    /// then returns the content, without the test driving it.
    let automatic: AutomaticDownload?

    /// How an automatic download behaves.
    struct AutomaticDownload: Sendable {
        var content: PartContent
        var steps: Int
    }

    init(automatic: AutomaticDownload? = nil) { self.automatic = automatic }

    /// How many downloads have started.
    var startedCount: Int { state.withLock { $0.attempts.count } }
    /// How many downloads are running now.
    var runningCount: Int { state.withLock { $0.running } }

    /// The download numbered `index` (0 for the first), once it has started. A test cancelled
    /// while it waits (past its time limit) gets an issue and a stand-in that drives nothing.
    func attempt(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> ScriptedAttempt {
        await awaitUnlessCancelled("download \(index) to start", sourceLocation: sourceLocation) {
            await self.startedAttempt(index)
        } ?? ScriptedAttempt(partID: "stand-in", observer: IgnoringObserver())
    }

    private func startedAttempt(_ index: Int) async -> ScriptedAttempt {
        await withCheckedContinuation { continuation in
            let found = state.withLock { state -> ScriptedAttempt? in
                guard index < state.attempts.count else {
                    state.waiters.append((index, continuation))
                    return nil
                }
                return state.attempts[index]
            }
            if let found { continuation.resume(returning: found) }
        }
    }

    fileprivate func run(partID: PartID, observer: any ProgressObserver) async throws -> PartContent {
        let attempt = ScriptedAttempt(partID: partID, observer: observer)
        let ready = state.withLock { state -> [CheckedContinuation<ScriptedAttempt, Never>] in
            state.attempts.append(attempt)
            state.running += 1
            let index = state.attempts.count - 1
            let ready = state.waiters.filter { $0.index == index }.map(\.continuation)
            state.waiters.removeAll { $0.index == index }
            return ready
        }
        for waiter in ready { waiter.resume(returning: attempt) }
        defer { state.withLock { $0.running -= 1 } }
        if let automatic {
            for step in 0..<automatic.steps {
                try Task.checkCancellation()
                attempt.report(TransferProgress(completedBytes: Int64(step), totalBytes: Int64(automatic.steps)))
                await Task.yield()
            }
            try Task.checkCancellation()
            return automatic.content
        }
        return try await attempt.result()
    }
}

/// One call of a ``ScriptedPart``'s download.
final class ScriptedAttempt: Sendable {
    private struct State {
        var outcome: Result<PartContent, any Error>?
        var continuation: CheckedContinuation<PartContent, any Error>?
        var wasCancelled = false
        var cancellationWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let partID: PartID
    private let observer: any ProgressObserver
    private let state = LockedState(State())

    init(partID: PartID, observer: any ProgressObserver) {
        self.partID = partID
        self.observer = observer
    }

    /// Reports progress to AttachmentKit, on the calling thread, as a chat SDK would.
    func report(_ progress: TransferProgress) {
        observer.transfer(of: partID, didUpdate: progress)
    }

    /// Reports `completed` of `total` bytes.
    func report(_ completed: Int64, of total: Int64?) {
        report(TransferProgress(completedBytes: completed, totalBytes: total))
    }

    func succeed(_ content: PartContent) { settle(.success(content)) }

    func fail(_ error: any Error) { settle(.failure(error)) }

    var wasCancelled: Bool { state.withLock { $0.wasCancelled } }

    /// Returns once AttachmentKit has cancelled this download, or with an issue when the test
    /// is cancelled first (past its time limit).
    func waitUntilCancelled(sourceLocation: SourceLocation = #_sourceLocation) async {
        _ = await awaitUnlessCancelled("\(partID)'s download to be cancelled", sourceLocation: sourceLocation) {
            await self.cancellation()
        }
    }

    private func cancellation() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                guard state.wasCancelled else {
                    state.cancellationWaiters.append(continuation)
                    return false
                }
                return true
            }
            if done { continuation.resume() }
        }
    }

    fileprivate func result() async throws -> PartContent {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = state.withLock { state -> Result<PartContent, any Error>? in
                    if state.outcome == nil { state.continuation = continuation }
                    return state.outcome
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.wasCancelled = true
                defer { state.cancellationWaiters.removeAll() }
                return state.cancellationWaiters
            }
            settle(.failure(CancellationError()))
            for waiter in waiters { waiter.resume() }
        }
    }

    private func settle(_ outcome: Result<PartContent, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<PartContent, any Error>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: outcome)
    }
}

/// Drops every callback: the observer of a stand-in attempt.
private final class IgnoringObserver: ProgressObserver {
    func transfer(of partID: PartID, didUpdate progress: TransferProgress) {}
}
