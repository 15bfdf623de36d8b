import Foundation

/// The state of one data task of a ``URLSessionTransport``: the response head the sender
/// waits for, and the body chunks waiting to be read, bounded in size.
///
/// The session delegate feeds it (cheaply: an append under the lock); the reader drains it.
/// Once it is cancelled or finished, chunks that still arrive are dropped (URLSession on Linux
/// may call back after `cancel()` returns), so nothing is delivered after a cancel.
final class URLSessionTaskStream: Sendable {
    private let state: LockedState<State>
    private let bufferLimit: Int
    /// The most bytes one read returns when several chunks wait.
    static let maximumJoinedBytes = 1 << 20

    private struct State {
        var head: Result<HTTPResponse.Head, any Error>?
        var headWaiter: CheckedContinuation<HTTPResponse.Head, any Error>?
        var chunks = WaitingChunks()
        /// Set when the body ended: `nil` error for a complete body.
        var end: Result<Void, any Error>?
        var chunkWaiter: CheckedContinuation<Data?, any Error>?
        var cancelTask: (@Sendable () -> Void)?
        /// Set, under the lock, before the task is asked to stop: see ``shouldAnswerRedirect()``.
        var askedToCancel = false
        /// Once set (by ``deliver(to:)``), every chunk goes to it from the delegate callback.
        var sink: HTTPResponse.Body.Sink?
        var deliveryWaiter: CheckedContinuation<Void, any Error>?
    }

    init(bufferLimit: Int) {
        self.bufferLimit = bufferLimit
        self.state = LockedState(State())
    }

    /// Sets what stops the underlying task; called at once when the stream is already over.
    func setCancelTask(_ cancel: @escaping @Sendable () -> Void) {
        let alreadyOver = state.withLock { state -> Bool in
            guard state.end == nil else {
                state.askedToCancel = true
                return true
            }
            state.cancelTask = cancel
            return false
        }
        if alreadyOver { cancel() }
    }

    /// Whether the session delegate should answer the redirect that has arrived: not once this
    /// stream has asked (or is about to ask) its task to stop (see ``URLSessionTaskRouter``).
    ///
    /// On Linux an answered redirect also means the task is never cancelled any more:
    /// FoundationNetworking asks about a redirect only once the whole 3xx response has arrived,
    /// and the answer completes the task, so there is nothing left to stop. (Cancelled before the
    /// answer is acted on, the task would then trap in FoundationNetworking's redirect step.) On
    /// Apple platforms the 3xx body may still be on its way, so a cancel still stops it.
    func shouldAnswerRedirect() -> Bool {
        state.withLock { state in
            guard !state.askedToCancel else { return false }
            #if canImport(FoundationNetworking)
            state.cancelTask = nil
            #endif
            return true
        }
    }

    /// What stops the task, if it is still to be stopped; called under the lock. Notes that it
    /// was asked for, and hands the task's cancel out once.
    private static func takeCancelTask(_ state: inout State) -> (@Sendable () -> Void)? {
        state.askedToCancel = true
        defer { state.cancelTask = nil }
        return state.cancelTask
    }

    // MARK: Delegate side

    func receive(head: HTTPResponse.Head) {
        let waiter = state.withLock { state -> CheckedContinuation<HTTPResponse.Head, any Error>? in
            guard state.head == nil else { return nil }
            state.head = .success(head)
            defer { state.headWaiter = nil }
            return state.headWaiter
        }
        waiter?.resume(returning: head)
    }

    /// Appends a chunk; when the reader is too far behind, ends the stream with
    /// ``URLSessionTransport/Error/consumerTooSlow(bufferedBytes:)`` and stops the task.
    func receive(_ data: Data) {
        var overflow = false
        var refused: (any Error, CheckedContinuation<Void, any Error>?)?
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard state.end == nil else { return nil }
            if let sink = state.sink {
                // Written here, under the lock: once `cancel()` has taken the lock and
                // returned, nothing more is written.
                do {
                    try sink(data)
                } catch {
                    state.end = .failure(error)
                    refused = (error, state.deliveryWaiter)
                    state.deliveryWaiter = nil
                }
                return nil
            }
            if let waiter = state.chunkWaiter {
                state.chunkWaiter = nil
                return waiter
            }
            state.chunks.append(data)
            if state.chunks.byteCount > bufferLimit {
                overflow = true
                state.end = .failure(URLSessionTransport.Error.consumerTooSlow(bufferedBytes: state.chunks.byteCount))
            }
            return nil
        }
        waiter?.resume(returning: data)
        if let (error, deliveryWaiter) = refused {
            deliveryWaiter?.resume(throwing: error)
            state.withLock { Self.takeCancelTask(&$0) }?()
        }
        if overflow { state.withLock { Self.takeCancelTask(&$0) }?() }
    }

    /// Ends the stream: the body is complete (`error` is `nil`) or the task failed.
    func complete(with error: (any Error)?) {
        let (headWaiter, chunkWaiter, deliveryWaiter, end) = state.withLock { state in
            let failure = error ?? URLSessionTransport.Error.notHTTP
            var headWaiter: CheckedContinuation<HTTPResponse.Head, any Error>?
            if state.head == nil {
                state.head = .failure(failure)
                headWaiter = state.headWaiter
                state.headWaiter = nil
            }
            if state.end == nil { state.end = error.map { .failure($0) } ?? .success(()) }
            state.cancelTask = nil  // the task has completed: it must not be cancelled any more
            let chunkWaiter = state.chunkWaiter
            state.chunkWaiter = nil
            let deliveryWaiter = state.deliveryWaiter
            state.deliveryWaiter = nil
            return (headWaiter, chunkWaiter, deliveryWaiter, state.end)
        }
        headWaiter?.resume(throwing: error ?? URLSessionTransport.Error.notHTTP)
        if let deliveryWaiter, let end { deliveryWaiter.resume(with: end) }
        guard let chunkWaiter else { return }
        if let error { chunkWaiter.resume(throwing: error) } else { chunkWaiter.resume(returning: nil) }
    }

    // MARK: Reader side

    /// Stops the transfer: pending and later chunks are dropped, waiters get
    /// `CancellationError`.
    func cancel() {
        let (headWaiter, chunkWaiter, deliveryWaiter, cancelTask) = state.withLock { state in
            if state.head == nil { state.head = .failure(CancellationError()) }
            let headWaiter = state.headWaiter
            state.headWaiter = nil
            let chunkWaiter = state.chunkWaiter
            state.chunkWaiter = nil
            let deliveryWaiter = state.deliveryWaiter
            state.deliveryWaiter = nil
            state.sink = nil
            state.end = .failure(CancellationError())
            state.chunks = WaitingChunks()
            return (headWaiter, chunkWaiter, deliveryWaiter, Self.takeCancelTask(&state))
        }
        headWaiter?.resume(throwing: CancellationError())
        chunkWaiter?.resume(throwing: CancellationError())
        deliveryWaiter?.resume(throwing: CancellationError())
        cancelTask?()
    }

    /// Waits for the response head.
    func head() async throws -> HTTPResponse.Head {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTPResponse.Head, any Error>) in
                let ready = state.withLock { state -> Result<HTTPResponse.Head, any Error>? in
                    if let head = state.head { return head }
                    state.headWaiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Hands the chunks already waiting and then every chunk as it arrives to `sink`, from
    /// the delegate callback, and returns at the end of a complete body.
    ///
    /// This is the fast path: no hop to the reading task per chunk, and nothing waits in
    /// memory for a task to be scheduled. Throws what `sink` threw (the task is then
    /// stopped), the task's error, or `CancellationError`.
    func deliver(to sink: @escaping HTTPResponse.Body.Sink) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (ready, refused) = state.withLock { state -> (Result<Void, any Error>?, Bool) in
                    // What is waiting came first (also before a failed transfer's end).
                    let waiting = state.chunks.takeAll()
                    do {
                        for chunk in waiting { try sink(chunk) }
                    } catch {
                        let running = state.end == nil
                        if running { state.end = .failure(error) }
                        return (.failure(error), running)
                    }
                    if let end = state.end { return (end, false) }
                    state.sink = sink
                    state.deliveryWaiter = continuation
                    return (nil, false)
                }
                if refused { state.withLock { Self.takeCancelTask(&$0) }?() }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The next body chunk, waiting for it; `nil` at the end of a complete body.
    func nextChunk() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                let ready = state.withLock { state -> Result<Data?, any Error>? in
                    if let chunk = state.chunks.takeJoined(upTo: Self.maximumJoinedBytes) { return .success(chunk) }
                    switch state.end {
                    case .success?: return .success(nil)
                    case .failure(let error)?: return .failure(error)
                    case nil:
                        state.chunkWaiter = continuation
                        return nil
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }
}
