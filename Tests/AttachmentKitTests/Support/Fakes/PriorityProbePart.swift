import Foundation
import Testing

@testable import AttachmentKit

/// A part whose download waits until the test lets it finish, and then records the priority
/// of the task running it: what a transfer's priority escalation can be seen by.
struct PriorityProbePart: MessagePart {
    let id: PartID
    let mimeType = MIMEType.imageJPEG
    let transferStatus = TransferStatus.readyForDownload
    let byteCount: Int64? = nil
    let localContent: PartContent? = nil
    let probe = PriorityProbe()

    init(_ id: PartID) { self.id = id }

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        await probe.runUntilReleased()
        return .data(Data(id.rawValue.utf8))
    }
}

/// The gate a ``PriorityProbePart``'s download waits at, and what it saw.
final class PriorityProbe: Sendable {
    private struct State {
        var started: [CheckedContinuation<Void, Never>] = []
        var isStarted = false
        var gate: CheckedContinuation<Void, Never>?
        var isReleased = false
        var priorityAfterRelease: TaskPriority?
    }

    private let state = LockedState(State())

    /// The task priority of the download once it was released.
    var priorityAfterRelease: TaskPriority? { state.withLock { $0.priorityAfterRelease } }

    /// Returns once the download is running, or with an issue when the test is cancelled first
    /// (past its time limit).
    func waitUntilStarted(sourceLocation: SourceLocation = #_sourceLocation) async {
        _ = await awaitUnlessCancelled("the probe's download to start", sourceLocation: sourceLocation) {
            await self.start()
        }
    }

    private func start() async {
        await withCheckedContinuation { continuation in
            let started = state.withLock { state in
                if !state.isStarted { state.started.append(continuation) }
                return state.isStarted
            }
            if started { continuation.resume() }
        }
    }

    /// Lets the download finish.
    func release() {
        let gate = state.withLock { state in
            state.isReleased = true
            defer { state.gate = nil }
            return state.gate
        }
        gate?.resume()
    }

    fileprivate func runUntilReleased() async {
        await withCheckedContinuation { continuation in
            let (waiters, released) = state.withLock { state in
                state.isStarted = true
                defer { state.started.removeAll() }
                if !state.isReleased { state.gate = continuation }
                return (state.started, state.isReleased)
            }
            for waiter in waiters { waiter.resume() }
            if released { continuation.resume() }
        }
        let priority = Task.currentPriority
        state.withLock { $0.priorityAfterRelease = priority }
    }
}
