/// Someone listening to one caller's download: an observer or a `states` stream, with the
/// throttle gate of what it has been told.
struct DownloadListener: Sendable {
    enum Channel: Sendable {
        case observer(ObserverChannel)
        case states(AsyncStream<PartDownload.State>.Continuation)
    }

    let channel: Channel
    private var gate = ThrottleGate()

    init(_ channel: Channel) { self.channel = channel }

    /// Tells the listener where the download stands when it starts listening. Returns
    /// `false` when the listener is gone.
    mutating func start(with state: PartDownload.State, now: Double, throttle: TransferProgress.Throttle) -> Bool {
        switch state {
        case .idle:
            return send(.idle)
        case .downloading(let progress):
            _ = gate.admit(step: throttle.step(of: progress), at: now, throttle: throttle)
            return send(state)
        case .completed, .failed, .cancelled:
            finish(with: state)
            return false
        }
    }

    /// Offers progress; it reaches the listener when the throttle lets it. Returns `false`
    /// when the listener is gone.
    mutating func offer(_ progress: TransferProgress, step: Int?, now: Double, throttle: TransferProgress.Throttle)
        -> Bool
    {
        guard gate.admit(step: step, at: now, throttle: throttle) else { return true }
        return send(.downloading(progress))
    }

    /// Sends the terminal state (after the final progress, for content) and ends the listener.
    mutating func finish(with state: PartDownload.State, finalProgress: TransferProgress? = nil) {
        if let finalProgress, gate.admit(step: Int.max, at: 0, throttle: .none) {
            _ = send(.downloading(finalProgress))
        }
        switch channel {
        case .observer(let observer):
            _ = observer.send(.finished(Self.result(of: state, partID: observer.partID)))
        case .states(let continuation):
            continuation.yield(state)
            continuation.finish()
        }
    }

    /// Stops the listener without a terminal callback (its observer was removed).
    func close() {
        switch channel {
        case .observer(let observer): observer.remove()
        case .states(let continuation): continuation.finish()
        }
    }

    /// Whether this listener is `observer`'s.
    func belongs(to observer: ObjectIdentifier) -> Bool {
        if case .observer(let channel) = channel { return channel.observerID == observer }
        return false
    }

    private func send(_ state: PartDownload.State) -> Bool {
        switch channel {
        case .observer(let observer):
            guard case .downloading(let progress) = state else { return true }
            return observer.send(.progress(progress))
        case .states(let continuation):
            if case .terminated = continuation.yield(state) { return false }
            return true
        }
    }

    private static func result(of state: PartDownload.State, partID: PartID) -> Result<PartContent, TransferError> {
        switch state {
        case .completed(let content): .success(content)
        case .failed(let error): .failure(error)
        case .idle, .downloading, .cancelled: .failure(.cancelled(partID))
        }
    }
}
