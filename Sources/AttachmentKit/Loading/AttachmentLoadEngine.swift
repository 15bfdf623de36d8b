/// The loading logic behind every loader face: runs a message's events, keeps what is shown,
/// and hands every change to its face. You don't make or call one: a loader makes its own, and
/// its ``AttachmentLoading`` members use it.
///
/// Each run has a generation number; a run publishes only while its number is the current
/// one, so a load that was replaced (cell reuse) or cancelled can never change what is shown,
/// even when its last events arrive late.
@MainActor
public final class AttachmentLoadEngine {
    let resolver: AttachmentResolver
    let disappearance: AttachmentDisappearancePolicy
    /// How long a load waits, on screen, before its downloads start (local content is shown at
    /// once); 0 starts them at once.
    let downloadDelay: Double
    /// Called with the new state after every change.
    var onChange: (@MainActor (AttachmentLoadState) -> Void)?

    private(set) var state = AttachmentLoadState()
    var priority: DownloadPriority = .normal
    var isLoweredForDisappearance = false
    private var request: Request?
    private var generation = 0
    var task: Task<Void, Never>?
    /// The run the last stop ended, for tests to wait for its last events.
    private var stoppedRun: Task<Void, Never>?
    var control: DownloadPriorityControl?
    var reloadsOnAppear = false
    /// Whether the last stop was a ``cancel()``: a size change then waits for ``retry()``.
    private var wasCancelled = false
    /// Whether the request's size needs more than is shown and no run has shown it yet: a run
    /// started for a size change, or a size change made while stopped.
    private var sizeChangeIsPending = false
    var priorityUpdate: Task<Void, Never>?
    var isOnScreen = true
    var release: Task<Void, Never>?

    init(resolver: AttachmentResolver, disappearance: AttachmentDisappearancePolicy, downloadDelay: Double) {
        self.resolver = resolver
        self.disappearance = disappearance
        self.downloadDelay = downloadDelay.isFinite ? max(0, downloadDelay) : 0
    }

    deinit {
        task?.cancel()
        release?.cancel()
    }

    /// The priority the downloads run at now.
    var effectivePriority: DownloadPriority { isLoweredForDisappearance ? .low : priority }

    func load(_ parts: [any MessagePart], fetchingOriginal: Bool, displayedPixelSize: PixelSize? = nil) {
        stopRun()
        reloadsOnAppear = false
        request = Request(
            parts: parts, fetchingOriginal: fetchingOriginal, displayedPixelSize: displayedPixelSize)
        state = AttachmentLoadState()
        startRun()
    }

    func cancel() {
        guard task != nil else { return }
        stopRun()
        wasCancelled = true
        state.settlePhaseAfterStop()
        publish()
    }

    func reset() {
        stopRun()
        request = nil
        reloadsOnAppear = false
        state = AttachmentLoadState()
        publish()
    }

    func retry() {
        guard request != nil, task == nil, !state.isShowingOriginal || sizeChangeIsPending else { return }
        state.settlePhaseAfterStop()
        startRun()
    }

    /// The view shows the picture at `displayedPixelSize` now. When that needs a larger rendition
    /// than the one shown and the one asked for (``RenditionChain/needsLargerFetch(in:for:requestedPixels:showing:)``),
    /// a new run fetches it while what is shown stays; its number drops the old run's late events.
    /// A stopped loader (cancelled, or away under a cancelling policy) keeps the size for its
    /// next run.
    func displayedPixelSizeChanged(to displayedPixelSize: PixelSize) {
        guard var request, request.displayedPixelSize != displayedPixelSize,
            RenditionChain.needsLargerFetch(
                in: resolver.resolve(request.parts), for: displayedPixelSize,
                requestedPixels: request.displayedPixelSize, showing: state.shownPartID)
        else { return }
        request.displayedPixelSize = displayedPixelSize
        self.request = request
        let awayAndCancelled = !isOnScreen && disappearance == .cancel
        guard !wasCancelled, !awayAndCancelled else {
            sizeChangeIsPending = true
            if awayAndCancelled && !wasCancelled { reloadsOnAppear = true }
            return
        }
        stopRun()
        startRun()
    }

    /// Returns once the run the last stop ended has posted its last event (tests).
    func stoppedRunEnded() async {
        await stoppedRun?.value
    }

    private func startRun() {
        guard let request else { return }
        generation += 1
        let runGeneration = generation
        wasCancelled = false
        // A run that starts with an original shown is a size change's.
        sizeChangeIsPending = state.showsOriginal
        // Only a message with content to fetch has anything to hold (and a release to time).
        let holds = downloadDelay > 0 && request.parts.contains { $0.availableContent == nil }
        let control = DownloadPriorityControl(effectivePriority, held: holds)
        self.control = control
        release?.cancel()
        release = nil
        scheduleRelease()
        state.isLoading = true
        state.lastFailure = nil
        if case .empty = state.phase { state.phase = .placeholder }
        publish()
        let mailbox = LoadRunMailbox { [weak self] items in self?.show(items, of: runGeneration) }
        let events = resolver.events(
            for: request.parts, fetchingOriginal: request.fetchingOriginal,
            displayedPixelSize: request.displayedPixelSize, priorityControl: control,
            awaitsRequest: { mailbox.post(.awaitsRequest($0)) })
        // Off the main actor, where the events are made: the run never waits for the main
        // actor, which takes the events posted meanwhile in one visit. At the caller's priority,
        // which the visits inherit, so that they don't wait behind the caller's own work.
        task = Task.detached(priority: Task.currentPriority) {
            for await event in events { mailbox.post(.event(event)) }
            mailbox.post(.end)
        }
    }

    /// Shows the events of the run numbered `runGeneration`, and its end; nothing when that run
    /// was replaced or cancelled (the events it had already sent still arrive).
    private func show(_ items: [LoadRunMailbox.Item], of runGeneration: Int) {
        for item in items {
            guard generation == runGeneration else { return }
            switch item {
            case .event(let event): apply(event)
            case .awaitsRequest(let awaits):
                state.awaitsDownloadRequest = awaits
                publish()
            case .end: runEnded()
            }
        }
    }

    /// Ends the current run, if any: its downloads stop and it publishes nothing more.
    private func stopRun() {
        generation += 1
        task?.cancel()
        if let task { stoppedRun = task }
        task = nil
        release?.cancel()
        release = nil
        control = nil
        state.isLoading = false
    }

    private func apply(_ event: AttachmentResolver.Event) {
        let parts = request?.parts ?? []
        state.apply(event) { partID in AttachmentLoadState.isRendition(partID, offeredIn: parts) }
        publish()
    }

    private func runEnded() {
        task = nil
        control = nil
        sizeChangeIsPending = false
        state.runEnded()
        publish()
    }

    private func publish() { onChange?(state) }
}
