/// One registered observer: a weak reference, and an ordered mailbox drained on the
/// delivery actor.
final class ObserverChannel: Sendable {
    /// A callback waiting in the mailbox.
    enum Message: Sendable {
        case progress(TransferProgress)
        case finished(Result<PartContent, TransferError>)
    }

    /// The observer, of either kind; one of the two is set.
    private struct Registration {
        weak var observer: (any ProgressObserver)?
        weak var mainActorObserver: (any MainActorProgressObserver)?
        var isRemoved = false
    }

    let partID: PartID
    let observerID: ObjectIdentifier
    private let registration: LockedState<Registration>
    private let mailbox: AsyncStream<Message>.Continuation

    init(observer: any ProgressObserver, partID: PartID, actor: any Actor) {
        let (messages, mailbox) = AsyncStream.makeStream(of: Message.self)
        self.partID = partID
        self.observerID = ObjectIdentifier(observer)
        self.registration = LockedState(Registration(observer: observer))
        self.mailbox = mailbox
        Task { [self] in await Self.drain(messages, into: self, isolation: actor) }
    }

    init(mainActorObserver observer: any MainActorProgressObserver, partID: PartID) {
        let (messages, mailbox) = AsyncStream.makeStream(of: Message.self)
        self.partID = partID
        self.observerID = ObjectIdentifier(observer)
        self.registration = LockedState(Registration(mainActorObserver: observer))
        self.mailbox = mailbox
        Task { @MainActor [self] in await Self.drainOnMainActor(messages, into: self) }
    }

    /// Queues a callback. Returns `false` when the observer is gone (released or removed).
    func send(_ message: Message) -> Bool {
        guard isLive else {
            mailbox.finish()
            return false
        }
        if case .terminated = mailbox.yield(message) { return false }
        if case .finished = message { mailbox.finish() }
        return true
    }

    /// Stops every callback not yet started.
    func remove() {
        registration.withLock { $0.isRemoved = true }
        mailbox.finish()
    }

    private var isLive: Bool {
        registration.withLock { !$0.isRemoved && ($0.observer != nil || $0.mainActorObserver != nil) }
    }

    private func liveObserver() -> (any ProgressObserver)? {
        registration.withLock { $0.isRemoved ? nil : $0.observer }
    }

    private func liveMainActorObserver() -> (any MainActorProgressObserver)? {
        registration.withLock { $0.isRemoved ? nil : $0.mainActorObserver }
    }

    /// Marks the channel done before its last callback, so nothing follows it.
    private func markFinished() {
        registration.withLock { $0.isRemoved = true }
    }

    private static func drain(
        _ messages: AsyncStream<Message>, into channel: ObserverChannel, isolation actor: isolated any Actor
    ) async {
        for await message in messages {
            guard let observer = channel.liveObserver() else { return }
            switch message {
            case .progress(let progress):
                observer.transfer(of: channel.partID, didUpdate: progress)
            case .finished(let result):
                channel.markFinished()
                observer.transfer(of: channel.partID, didFinishWith: result)
                return
            }
        }
    }

    // A deliberate twin of drain(_:into:isolation:) for MainActorProgressObserver, whose calls
    // are main-actor isolated: the two observer protocols share no type the loop could use.
    @MainActor
    private static func drainOnMainActor(_ messages: AsyncStream<Message>, into channel: ObserverChannel) async {
        for await message in messages {
            guard let observer = channel.liveMainActorObserver() else { return }
            switch message {
            case .progress(let progress):
                observer.transfer(of: channel.partID, didUpdate: progress)
            case .finished(let result):
                channel.markFinished()
                observer.transfer(of: channel.partID, didFinishWith: result)
                return
            }
        }
    }
}
