extension PartDownload {
    /// Calls `observer` with this caller's progress and outcome, isolated to `actor`: the main
    /// actor unless given another (a view model's global actor, an actor with a custom executor).
    /// Callbacks for one observer run one at a time, in order.
    ///
    /// The observer gets the current progress at once (when bytes are arriving), throttled
    /// progress after that, the final 100 % and one
    /// ``ProgressObserver/transfer(of:didFinishWith:)``; an observer added after the end gets
    /// just that last callback. It is held weakly: once released it gets nothing more.
    public func addObserver(_ observer: some ProgressObserver, on actor: any Actor = MainActor.shared) {
        let channel = ObserverChannel(observer: observer, partID: partID, actor: actor)
        register(DownloadListener(.observer(channel)))
    }

    /// Calls `observer` with this caller's progress and outcome on the main actor: what a view
    /// controller does (see ``MainActorProgressObserver``). The callbacks are those of
    /// ``addObserver(_:on:)``, and the observer is held weakly.
    public func addObserver(_ observer: some MainActorProgressObserver) {
        register(DownloadListener(.observer(ObserverChannel(mainActorObserver: observer, partID: partID))))
    }

    /// Stops calling `observer`. Once this returns on the main actor, no callback reaches it.
    public func removeObserver(_ observer: some MainActorProgressObserver) {
        removeObserver(identifiedBy: ObjectIdentifier(observer))
    }

    /// Stops calling `observer`. Once this returns on the actor the observer was added on, no
    /// callback reaches it; called from elsewhere, a callback already running may finish.
    public func removeObserver(_ observer: some ProgressObserver) {
        removeObserver(identifiedBy: ObjectIdentifier(observer))
    }

    private func removeObserver(identifiedBy identity: ObjectIdentifier) {
        caller.withLock { caller in
            for listener in caller.listeners where listener.belongs(to: identity) { listener.close() }
            caller.listeners.removeAll { $0.belongs(to: identity) }
        }
    }

    /// This caller's download as a sequence of states, for async code: the current state
    /// first, throttled progress as ``PartDownload/State/downloading(_:)``, the final 100 %, and
    /// the terminal state, after which the sequence ends. Each call makes a new sequence;
    /// stopping the iteration stops only it.
    public func updates() -> AsyncStream<PartDownload.State> {
        let (stream, continuation) = AsyncStream.makeStream(of: PartDownload.State.self)
        register(DownloadListener(.states(continuation)))
        return stream
    }

    private func register(_ listener: DownloadListener) {
        let transfer = caller.withLock { $0.own.isTerminal ? nil : $0.transfer }
        if let transfer {
            transfer.attachListener(listener, to: self)
        } else {
            _ = addListener(listener, following: nil, transferState: nil)
        }
    }

    /// Adds a listener, starting it with the transfer's state when this caller follows
    /// `transfer`, or with its own. Returns whether this caller now has listeners that the
    /// transfer must feed.
    func addListener(_ listener: DownloadListener, following transfer: Transfer?, transferState: PartDownload.State?)
        -> Bool
    {
        let throttle = coordinator.configuration.progressThrottle
        let now = coordinator.configuration.clock.now
        return caller.withLock { caller in
            let following = caller.isFollowing(transfer)
            var listener = listener
            if listener.start(
                with: following ? (transferState ?? caller.own) : caller.own, now: now, throttle: throttle)
            {
                caller.listeners.append(listener)
            }
            return following && !caller.listeners.isEmpty
        }
    }

    /// Makes this caller follow `transfer`, which is in `state`. Returns whether it did (not
    /// when the caller has already ended, say cancelled during a retry) and whether it has
    /// listeners that the transfer must feed.
    func attach(to transfer: Transfer, state: PartDownload.State, now: Double, throttle: TransferProgress.Throttle) -> (
        attached: Bool, listening: Bool
    ) {
        caller.withLock { caller in
            guard !caller.own.isTerminal else { return (false, false) }
            caller.transfer = transfer
            guard case .downloading(let progress) = state else { return (true, !caller.listeners.isEmpty) }
            return (true, Self.offer(progress, to: &caller, now: now, throttle: throttle))
        }
    }

    /// Offers throttled progress to this caller's listeners. Returns whether any is left.
    func deliver(_ progress: TransferProgress, now: Double, throttle: TransferProgress.Throttle) -> Bool {
        caller.withLock { caller in
            guard !caller.own.isTerminal else { return false }
            return Self.offer(progress, to: &caller, now: now, throttle: throttle)
        }
    }

    private static func offer(
        _ progress: TransferProgress, to caller: inout Caller, now: Double, throttle: TransferProgress.Throttle
    )
        -> Bool
    {
        let step = throttle.step(of: progress)
        for index in caller.listeners.indices.reversed()
        where !caller.listeners[index].offer(progress, step: step, now: now, throttle: throttle) {
            caller.listeners.remove(at: index)
        }
        return !caller.listeners.isEmpty
    }
}
