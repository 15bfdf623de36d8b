/// Runs part downloads: one transfer per ``PartID`` however many callers ask, shared by
/// them, stopped when the last one leaves, retried by a ``RetryPolicy``, kept in a
/// ``ContentStore``, and limited in number with high priority first.
///
/// ```swift
/// let download = await coordinator.download(part, priority: .high)
/// download.addObserver(progressView)         // on the main actor
/// let content = try await download.content()
/// ```
///
/// Content that is already local (``MessagePart/availableContent``) is returned without a
/// transfer; content in the store is returned without calling the part. A part whose
/// ``MessagePart/transferStatus`` is ``TransferStatus/downloading`` (the chat SDK started
/// it) is joined: AttachmentKit calls its ``MessagePart/downloadContent(reportingTo:)``
/// once, at once and outside the concurrency limit, and an adapter attaches to the SDK's
/// running download there rather than starting another.
public actor DownloadCoordinator {
    /// The coordinator resolvers use unless given another, so that every screen shares one
    /// transfer per part. It keeps content in ``DefaultContentStore/shared`` (memory in front
    /// of disk, in the caches directory), so a part downloaded once is not downloaded again.
    public static let shared = DownloadCoordinator(store: DefaultContentStore.shared)

    /// Where completed content is kept and looked up first, if anywhere: under
    /// `ContentKey(partID: part.id)`, representation ``ContentKey/Representation/original``,
    /// the key an app uses to find a part's content itself (see <doc:StoringContent>).
    public nonisolated let store: (any ContentStore)?
    /// How transfers are run.
    package nonisolated let configuration: Configuration

    private var transfers: [PartID: Transfer] = [:]
    private var lastFailures = RecentFailures()
    private var waiting: [Transfer] = []
    private var slotsInUse = 0
    private var runningTasks = 0
    private var createdTransfers = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a coordinator.
    ///
    /// - Parameters:
    ///   - store: Where to keep downloaded content and look for it first; `nil` keeps none.
    ///   - configuration: Limits, retry, throttling, clock and diagnostics.
    public init(store: (any ContentStore)? = nil, configuration: Configuration = Configuration()) {
        self.store = store
        self.configuration = configuration
    }

    /// Starts or joins the download of `part` for one caller.
    ///
    /// A caller joining a running transfer sees its current progress at once and gets the
    /// same content. Local content completes the returned download at once.
    public func download(_ part: any MessagePart, priority: DownloadPriority = .normal) -> PartDownload {
        download(part, priority: priority, warmingDiskOnly: false)
    }

    /// Starts or joins the download of `part` for one caller that, with `warmingDiskOnly`,
    /// only warms the store's disk tier (see ``PartDownload/warmsDiskOnly``), and that is told of
    /// displayable prefixes with `onDisplayablePrefix` (see ``PartDownload/onDisplayablePrefix``).
    func download(
        _ part: any MessagePart, priority: DownloadPriority, warmingDiskOnly: Bool,
        onDisplayablePrefix: (@Sendable (TransferProgress) -> Void)? = nil
    ) -> PartDownload {
        let download = PartDownload(
            part: part, priority: priority, coordinator: self, warmsDiskOnly: warmingDiskOnly,
            onDisplayablePrefix: onDisplayablePrefix)
        if let content = part.availableContent {
            lastFailures[part.id] = nil
            download.finish(with: .completed(content))
        } else {
            attach(download)
        }
        return download
    }

    /// The content of `part`: local content at once, otherwise a shared download's result.
    ///
    /// Cancelling the calling task removes this caller only.
    ///
    /// - Throws: ``TransferError``.
    public func content(for part: any MessagePart, priority: DownloadPriority = .normal) async throws(TransferError)
        -> PartContent
    {
        if let content = part.availableContent { return content }
        guard !Task.isCancelled else { throw .cancelled(part.id) }
        return try await download(part, priority: priority).content()
    }

    /// Where the transfer of `partID` stands: its state while one is running or waiting; after
    /// one failed, ``PartDownload/State/failed(_:)`` with its error until a caller asks for the part
    /// again (a new ``download(_:priority:)`` or a ``PartDownload/retry()``), so that a cell
    /// reused for the part can offer "tap to retry"; ``PartDownload/State/idle`` otherwise (none
    /// started, or the last one completed or was cancelled).
    ///
    /// The failures of the 1,024 parts that failed most recently are kept.
    public func state(of partID: PartID) -> PartDownload.State {
        if let transfer = transfers[partID] { return transfer.state }
        return lastFailures[partID].map { .failed($0) } ?? .idle
    }

    /// The priority the transfer of `partID` runs at: the highest its callers asked for (a
    /// caller joining a running transfer with a higher priority raises it); `nil` when no
    /// transfer of the part is running or waiting.
    public func priority(of partID: PartID) -> DownloadPriority? {
        transfers[partID]?.priority
    }

    /// The number of transfers running or waiting for a slot.
    package var activeTransferCount: Int { transfers.count }

    /// The part's active transfer, if one is running or waiting.
    func activeTransfer(of partID: PartID) -> Transfer? { transfers[partID] }

    /// The number of callers of the part's active transfer.
    func callerCount(of partID: PartID) -> Int { transfers[partID]?.callerCount ?? 0 }

    /// Adds a caller to the part's transfer, creating and scheduling one when none is active.
    func attach(_ download: PartDownload) {
        let id = download.partID
        if let transfer = transfers[id] {
            if transfer.addCaller(download) { transfer.escalate(to: download.priority) }
            return
        }
        lastFailures[id] = nil
        createdTransfers += 1
        let transfer = Transfer(
            part: download.part, sequence: createdTransfers, throttle: configuration.progressThrottle,
            clock: configuration.clock)
        guard transfer.addCaller(download) else { return }
        transfers[id] = transfer
        if transfer.joinsRunningTransfer {
            start(transfer, takingSlot: false)
        } else {
            waiting.append(transfer)
            startWaitingTransfers()
        }
    }

    /// Cancels `transfer` when it still has no caller (none joined since the last left).
    func lastCallerLeft(_ transfer: Transfer) {
        guard transfer.callerCount == 0, transfer.finish(.cancel) == nil else { return }
        let id = transfer.part.id
        if transfers[id] === transfer { transfers[id] = nil }
        if let index = waiting.firstIndex(where: { $0 === transfer }) { waiting.remove(at: index) }
        transfer.cancelTask()
        resumeIdleWaitersIfIdle()
    }

    /// Waits until no transfer is active and every transfer task has returned: for example
    /// before a command-line tool exits, so that a cancelled download has kept its partial.
    public func waitUntilIdle() async {
        guard !isIdle else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private var isIdle: Bool { transfers.isEmpty && waiting.isEmpty && runningTasks == 0 }

    private func startWaitingTransfers() {
        while slotsInUse < configuration.maximumConcurrentTransfers, let next = nextWaitingIndex() {
            start(waiting.remove(at: next), takingSlot: true)
        }
    }

    /// The waiting transfer to start next: highest priority, then oldest.
    private func nextWaitingIndex() -> Int? {
        var best: (index: Int, priority: DownloadPriority, sequence: Int)?
        for (index, transfer) in waiting.enumerated() {
            let priority = transfer.priority
            if let current = best,
                priority < current.priority || (priority == current.priority && transfer.sequence > current.sequence)
            {
                continue
            }
            best = (index, priority, transfer.sequence)
        }
        return best?.index
    }

    private func start(_ transfer: Transfer, takingSlot: Bool) {
        let priority = transfer.priority
        let started = transfer.start(at: priority) {
            Task(priority: priority.taskPriority) {
                let result = await self.perform(transfer)
                self.transferEnded(transfer, result: result, tookSlot: takingSlot)
            }
        }
        guard started else { return }
        runningTasks += 1
        if takingSlot { slotsInUse += 1 }
    }

    private func transferEnded(_ transfer: Transfer, result: Result<PartContent, TransferError>, tookSlot: Bool) {
        runningTasks -= 1
        if tookSlot { slotsInUse -= 1 }
        let id = transfer.part.id
        if transfers[id] === transfer { transfers[id] = nil }
        switch result {
        case .success(let content):
            transfer.finish(.complete(content), contentByteCount: try? content.byteCount())
        case .failure(.cancelled):
            transfer.finish(.cancel)
        case .failure(let error):
            transfer.finish(.fail(error))
            lastFailures[id] = error
        }
        startWaitingTransfers()
        resumeIdleWaitersIfIdle()
    }

    private func resumeIdleWaitersIfIdle() {
        guard isIdle else { return }
        for waiter in idleWaiters { waiter.resume() }
        idleWaiters.removeAll()
    }
}

/// The last failure of each of the most recently failed parts, for
/// ``DownloadCoordinator/state(of:)``: a bounded map, oldest failure forgotten first.
struct RecentFailures {
    /// How many parts' failures are kept.
    static let capacity = 1024

    private var errors: [PartID: TransferError] = [:]
    private var order: [PartID] = []

    subscript(partID: PartID) -> TransferError? {
        get { errors[partID] }
        set {
            if errors[partID] != nil { order.removeAll { $0 == partID } }
            errors[partID] = newValue
            guard newValue != nil else { return }
            order.append(partID)
            if order.count > Self.capacity { errors[order.removeFirst()] = nil }
        }
    }
}
