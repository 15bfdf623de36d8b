import Testing

@testable import AttachmentKit

/// A ``ProgressObserver`` that records its callbacks and lets a test wait for the last.
final class RecordingObserver: ProgressObserver {
    /// One callback.
    enum Callback: Sendable {
        case progress(TransferProgress)
        case finished(Result<PartContent, TransferError>)
    }

    private struct State {
        var callbacks: [Callback] = []
        /// The part ids progress was reported for.
        var progressPartIDs: Set<PartID> = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = LockedState(State())
    /// Run at the start of every callback, on the delivery actor (for isolation checks).
    private let check: @Sendable () -> Void

    init(check: @escaping @Sendable () -> Void = {}) { self.check = check }

    var callbacks: [Callback] { state.withLock { $0.callbacks } }

    /// The part ids progress was reported for.
    var progressPartIDs: Set<PartID> { state.withLock { $0.progressPartIDs } }

    var progress: [TransferProgress] {
        callbacks.compactMap {
            if case .progress(let progress) = $0 { return progress }
            return nil
        }
    }

    var results: [Result<PartContent, TransferError>] {
        callbacks.compactMap {
            if case .finished(let result) = $0 { return result }
            return nil
        }
    }

    func transfer(of partID: PartID, didUpdate progress: TransferProgress) {
        state.withLock { _ = $0.progressPartIDs.insert(partID) }
        record(.progress(progress))
    }

    func transfer(of partID: PartID, didFinishWith result: Result<PartContent, TransferError>) {
        record(.finished(result))
    }

    /// Returns once at least `count` callbacks have arrived, or with an issue when the test is
    /// cancelled first (past its time limit).
    func waitForCallbacks(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        _ = await awaitUnlessCancelled("\(count) observer callbacks", sourceLocation: sourceLocation) {
            await self.arrival(ofCallbacks: count)
        }
    }

    private func arrival(ofCallbacks count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.callbacks.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Returns once the terminal callback has arrived.
    func waitUntilFinished(sourceLocation: SourceLocation = #_sourceLocation) async {
        while !Task.isCancelled {
            let count = callbacks.count
            if results.count > 0 { return }
            await waitForCallbacks(count + 1, sourceLocation: sourceLocation)
        }
    }

    private func record(_ callback: Callback) {
        check()
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.callbacks.append(callback)
            let count = state.callbacks.count
            defer { state.waiters.removeAll { $0.count <= count } }
            return state.waiters.filter { $0.count <= count }.map(\.continuation)
        }
        for waiter in ready { waiter.resume() }
    }
}
