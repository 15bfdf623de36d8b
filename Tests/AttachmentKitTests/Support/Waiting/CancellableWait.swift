import Testing

@testable import AttachmentKit

/// Waits for `operation`, giving up when the waiting task is cancelled, as a test's time limit
/// does. Swift Testing cancels a test that runs past its limit but still waits for it to
/// return, so a wait that ignores cancellation would hang the suite; this one returns `nil`
/// instead and records an issue that names what never happened. The operation runs in a task
/// of its own, which is cancelled and then left to end by itself.
func awaitUnlessCancelled<Value: Sendable>(
    _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: @escaping @Sendable () async -> Value
) async -> Value? {
    let outcome = FirstOutcome<Value>()
    let task = Task { outcome.settle(await operation()) }
    let value = await withTaskCancellationHandler {
        await withCheckedContinuation { outcome.wait(with: $0) }
    } onCancel: {
        outcome.settle(nil)
        task.cancel()
    }
    if value == nil {
        Issue.record("Gave up waiting for \(what()): the test was cancelled", sourceLocation: sourceLocation)
    }
    return value
}

extension Task where Failure == Never {
    /// The task's value; cancelling the waiter (as a time limit does) cancels the task too,
    /// where `value` alone would wait for a task that may never end.
    var cancellableValue: Success {
        get async {
            await withTaskCancellationHandler {
                await value
            } onCancel: {
                cancel()
            }
        }
    }
}

extension Task where Failure == any Error {
    /// The task's value or error; cancelling the waiter (as a time limit does) cancels the
    /// task too, where `value` alone would wait for a task that may never end.
    var cancellableValue: Success {
        get async throws {
            try await withTaskCancellationHandler {
                try await value
            } onCancel: {
                cancel()
            }
        }
    }
}

extension DownloadCoordinator {
    /// ``waitUntilIdle()``, given up (with an issue) when the test is cancelled.
    nonisolated func waitUntilIdleUnlessCancelled(sourceLocation: SourceLocation = #_sourceLocation) async {
        _ = await awaitUnlessCancelled("the coordinator to become idle", sourceLocation: sourceLocation) {
            await self.waitUntilIdle()
        }
    }
}

/// The first of an operation's result and the waiter's cancellation, handed to the waiter once.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value?, Never>?)
        case settled(Value?)
        case delivered
    }

    private let state = LockedState(State.waiting(nil))

    /// Hands the outcome to `continuation`, now if it is known, otherwise once it is.
    func wait(with continuation: CheckedContinuation<Value?, Never>) {
        let known = state.withLock { state -> Value?? in
            guard case .settled(let value) = state else {
                state = .waiting(continuation)
                return nil
            }
            state = .delivered
            return .some(value)
        }
        if let known { continuation.resume(returning: known) }
    }

    /// Records `value` (`nil` for a cancellation) unless an outcome came first.
    func settle(_ value: Value?) {
        let waiter = state.withLock { state -> CheckedContinuation<Value?, Never>? in
            switch state {
            case .waiting(let continuation?):
                state = .delivered
                return continuation
            case .waiting(nil):
                state = .settled(value)
                return nil
            case .settled, .delivered:
                return nil
            }
        }
        waiter?.resume(returning: value)
    }
}
