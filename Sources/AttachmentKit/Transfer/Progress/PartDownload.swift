import Dispatch

/// One caller's interest in a part's content, from ``DownloadCoordinator/download(_:priority:)``.
///
/// Every caller of the same part shares one transfer; a `PartDownload` is this caller's view
/// of it. Await ``content()``, watch ``updates()`` or add a ``ProgressObserver``; ``cancel()``
/// (or cancelling the task awaiting ``content()``) removes only this caller, and the transfer
/// stops when its last caller leaves. Dropping a `PartDownload` without cancelling it does not
/// cancel it.
public final class PartDownload: Sendable {
    /// The part this download is for.
    public let partID: PartID
    /// The priority this caller asks for: the one it was made with, or the one the library
    /// changed it to since (an ``AttachmentLoader`` lowering a cell that scrolled away).
    public var priority: DownloadPriority { caller.withLock { $0.priority } }
    let part: any MessagePart
    let coordinator: DownloadCoordinator
    let caller: LockedState<Caller>

    /// This caller's side of the shared transfer.
    struct Caller {
        /// The caller's own state: authoritative once terminal; while attached and not terminal
        /// the shared transfer's state is the caller's state.
        var own: PartDownload.State = .idle
        var priority: DownloadPriority
        var transfer: Transfer?
        var waiters: [CheckedContinuation<Result<PartContent, TransferError>, Never>] = []
        var listeners: [DownloadListener] = []

        func isFollowing(_ candidate: Transfer?) -> Bool {
            guard let transfer, let candidate, !own.isTerminal else { return false }
            return transfer === candidate
        }
    }

    /// Whether this caller only warms the store's disk tier (a prefetch): a transfer all of
    /// whose callers do keeps its content out of the memory tier.
    let warmsDiskOnly: Bool
    /// What to call with each new displayable prefix of the transfer (``Transfer/received(_:at:totalBytes:attempt:)``),
    /// on the transport's thread: set by a resolver showing a JPEG, `nil` for every other caller.
    let onDisplayablePrefix: (@Sendable (TransferProgress) -> Void)?

    init(
        part: any MessagePart, priority: DownloadPriority, coordinator: DownloadCoordinator,
        warmsDiskOnly: Bool = false,
        onDisplayablePrefix: (@Sendable (TransferProgress) -> Void)? = nil
    ) {
        self.warmsDiskOnly = warmsDiskOnly
        self.onDisplayablePrefix = onDisplayablePrefix
        self.partID = part.id
        self.part = part
        self.coordinator = coordinator
        self.caller = LockedState(Caller(priority: priority))
    }

    /// Where this caller's download stands now.
    public var state: PartDownload.State {
        let (own, transfer) = caller.withLock { ($0.own, $0.own.isTerminal ? nil : $0.transfer) }
        return transfer?.state ?? own
    }

    /// The content, once the transfer completes; returns at once when it already has.
    ///
    /// Cancelling the task that awaits this cancels this caller (as ``cancel()`` does).
    ///
    /// - Throws: ``TransferError/cancelled(_:)`` when this caller left or the transfer was
    ///   cancelled, ``TransferError/failed(_:attempts:underlying:)`` when it failed.
    public func content() async throws(TransferError) -> PartContent {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<PartContent, TransferError>, Never>) in
                caller.withLock { caller in
                    switch caller.own {
                    case .completed(let content): continuation.resume(returning: .success(content))
                    case .failed(let error): continuation.resume(returning: .failure(error))
                    case .cancelled: continuation.resume(returning: .failure(.cancelled(partID)))
                    case .idle, .downloading: caller.waiters.append(continuation)
                    }
                }
            }
        } onCancel: {
            cancelFromCancellationHandler()
        }
        return try result.get()
    }

    /// ``cancel()``, from a task's cancellation handler: on another thread, a moment later.
    ///
    /// A cancellation handler runs while the cancelled task's status lock is held, and
    /// ``cancel()`` takes this download's lock and its transfer's. A thread that holds those
    /// locks while resuming the same task (``finish(with:finalProgress:)`` resuming a waiter, a
    /// listener's stream handing over a state) waits for that status lock: calling ``cancel()``
    /// in the handler deadlocked the two (seen as a hung stress test in CI, every thread of the
    /// pool stuck in these three locks).
    func cancelFromCancellationHandler() {
        DispatchQueue.global().async { [self] in cancel() }
    }

    /// Removes this caller: its ``content()`` throws ``TransferError/cancelled(_:)``, its
    /// listeners get the cancellation, and the transfer is cancelled when no caller is left.
    /// Does nothing once the download is over.
    public func cancel() {
        guard let transfer = finish(with: .cancelled) else { return }
        if transfer.removeCaller(self) {
            let coordinator = coordinator
            Task { await coordinator.lastCallerLeft(transfer) }
        }
    }

    /// Tries again after a failure: this caller joins the part's running transfer or starts a
    /// new one, from the first attempt. Listeners that got the failure are gone; add new ones.
    ///
    /// - Returns: `false`, and nothing happens, when the download has not failed (it is idle,
    ///   running, complete or cancelled).
    @discardableResult
    public func retry() async -> Bool {
        let transition = caller.withLock { caller in
            Result { () throws(DownloadStateTransitionError) in try caller.own.apply(.retry) }
        }
        guard case .success = transition else { return false }
        await coordinator.attach(self)
        return true
    }

    /// Sets the priority this caller asks for and returns the one it asked for before.
    func exchangePriority(_ priority: DownloadPriority) -> DownloadPriority {
        caller.withLock { caller in
            defer { caller.priority = priority }
            return caller.priority
        }
    }

    /// Ends this caller with `state`, unless it has ended already. Returns the transfer it
    /// was following, if any.
    @discardableResult
    func finish(with state: PartDownload.State, finalProgress: TransferProgress? = nil) -> Transfer? {
        caller.withLock { caller in
            guard !caller.own.isTerminal else { return nil }
            let transfer = caller.transfer
            caller.own = state
            caller.transfer = nil
            let result: Result<PartContent, TransferError> =
                switch state {
                case .completed(let content): .success(content)
                case .failed(let error): .failure(error)
                case .idle, .downloading, .cancelled: .failure(.cancelled(partID))
                }
            for waiter in caller.waiters { waiter.resume(returning: result) }
            caller.waiters.removeAll()
            for index in caller.listeners.indices {
                caller.listeners[index].finish(with: state, finalProgress: finalProgress)
            }
            caller.listeners.removeAll()
            return transfer
        }
    }
}
