/// Warms the store with the images of messages about to scroll into view, a few at a time and
/// at low priority, so that their cells show them at once.
///
/// ```swift
/// let prefetcher = AttachmentPrefetcher()
/// prefetcher.startPrefetching(upcoming.map(\.parts))   // the list's prefetch callback
/// prefetcher.stopPrefetching(passed.map(\.parts))      // its cancel callback
/// ```
///
/// A message is fetched as a cell would show it: the same resolver runs its
/// ``AttachmentResolver/events(for:displayedPixelSize:fetchingOriginal:priority:)``, so the parts fetched,
/// and the store keys they are kept under, are the ones the cell's ``AttachmentLoader`` looks up.
/// Cells that load for a displayed size
/// (``AttachmentLoading/load(parts:displayedPixelSize:fetchingOriginal:)``) read the
/// rendition chosen for it: prefetch them with ``startPrefetching(_:displayedPixelSize:)`` and
/// the same size, so that the entry warmed is that rendition's.
/// Only the store's disk tier is warmed: a prefetch's bytes stay out of the memory tier (a
/// ``DefaultContentStore``), so that the images on screen keep it.
/// When the cell opens a message that is being prefetched, its loader joins the running
/// transfer and raises it to its own priority: nothing is downloaded twice.
///
/// - At most ``maximumConcurrentPrefetches`` messages are fetched at once; the others wait,
///   first started first.
/// - ``startPrefetching(_:displayedPixelSize:)`` and ``stopPrefetching(_:)`` need not balance: starting a message
///   already waiting or running does nothing (except that a waiting one takes a larger size:
///   see ``startPrefetching(_:displayedPixelSize:)``), stopping one that isn't does nothing.
/// - Every stop is honoured whatever state the work is in: a waiting message is dropped, one
///   taken from the queue but not started yet never starts (no request is made, even for
///   starts and stops in the same run loop turn), a running one has its downloads cancelled
///   (a transfer that a cell also wants goes on for the cell).
/// - ``onDrained`` is called once each time the work runs out, whether it finished or was
///   stopped: just after the main-actor turn in which the last message ended, if nothing was
///   started meanwhile (so a fast scroll's starts and stops in one turn make one call).
/// - Releasing the prefetcher stops all of its work: keep a reference for as long as the list
///   needs it.
///
/// Every member is used on the main actor.
@MainActor
public final class AttachmentPrefetcher {
    /// The resolver, and through it the coordinator and store, the prefetcher fetches with.
    package let resolver: AttachmentResolver
    /// The most messages fetched at once.
    public let maximumConcurrentPrefetches: Int
    /// Whether the originals are fetched too, not only what ``AttachmentResolver/autoDownload``
    /// allows: match it to the loaders' `fetchingOriginal`.
    package let fetchingOriginal: Bool
    /// Called on the main actor once each time the prefetcher runs out of work: everything
    /// started has finished or was stopped. It comes just after the turn in which the last
    /// message ended (not from inside ``stopPrefetching(_:)`` or ``stopAll()``), and only if
    /// no message was started in that turn; a prefetcher never given work never calls it.
    public var onDrained: (@MainActor () -> Void)?

    /// The priority of the prefetches, ``DownloadPriority/low`` unless set; a change applies to
    /// running ones too.
    public var priority: DownloadPriority {
        get { currentPriority }
        set {
            guard newValue != currentPriority else { return }
            currentPriority = newValue
            for prefetch in queue.runningValues { prefetch.setPriority(newValue, coordinator: resolver.downloads) }
        }
    }

    /// While `true`, no new message starts; running ones go on. Setting it back to `false`
    /// starts waiting ones.
    public var isPaused: Bool {
        get { paused }
        set {
            paused = newValue
            if !newValue { startWaiting() }
        }
    }

    private var currentPriority: DownloadPriority
    private var paused = false
    private var queue = PrefetchQueue()
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTaskNumber = 0
    private var isDrainReportDue = false

    /// Creates a prefetcher.
    ///
    /// - Parameters:
    ///   - resolver: What to fetch with: use the same resolver (policy and coordinator) as
    ///     the list's loaders.
    ///   - maximumConcurrentPrefetches: The most messages fetched at once, at least 1.
    ///   - priority: The priority of the downloads.
    ///   - fetchingOriginal: Whether to fetch the originals too.
    public init(
        resolver: AttachmentResolver = AttachmentResolver(), maximumConcurrentPrefetches: Int = 2,
        priority: DownloadPriority = .low, fetchingOriginal: Bool = false
    ) {
        self.resolver = resolver
        self.maximumConcurrentPrefetches = max(1, maximumConcurrentPrefetches)
        self.currentPriority = priority
        self.fetchingOriginal = fetchingOriginal
    }

    deinit {
        for task in tasks.values { task.cancel() }
    }

    /// The number of messages waiting to start.
    public var waitingCount: Int { queue.waitingCount }
    /// The number of messages being fetched.
    public var runningCount: Int { queue.runningCount }

    /// Queues messages, each given as its parts, to be fetched: for the original, or for cells
    /// that show them at `displayedPixelSize`, the rendition
    /// ``AttachmentLoading/load(parts:displayedPixelSize:fetchingOriginal:)`` chooses for the
    /// same size, so that the entry warmed is exactly the one the cell's loader reads. Give the
    /// size the loaders are given (cells of different sizes: one call per size).
    ///
    /// A message already waiting keeps its place in the queue: queued again without a size, it is
    /// fetched for the original, the most it could need; with a size at least as large in both
    /// dimensions as the one it waits with (the cells grew), it takes the new size; one waiting
    /// for the original keeps waiting for it. A message already running keeps what it was
    /// started with: its cell's loader fetches the larger rendition it needs
    /// (``AttachmentLoading/displayedPixelSizeChanged(to:)``).
    public func startPrefetching(_ messages: [[any MessagePart]], displayedPixelSize: PixelSize? = nil) {
        for parts in messages {
            queue.enqueue(PrefetchQueue.Message(parts: parts, displayedPixelSize: displayedPixelSize))
        }
        startWaiting()
    }

    /// Stops fetching messages, each given as its parts, whatever state their work is in.
    public func stopPrefetching(_ messages: [[any MessagePart]]) {
        for parts in messages { stop(queue.remove(PrefetchQueue.Key(parts))) }
        reportIfDrained()
    }

    /// Stops every message, waiting or running.
    public func stopAll() {
        for prefetch in queue.removeAll() { stop(prefetch) }
        reportIfDrained()
    }

    /// Waits until every task the prefetcher started has returned (tests).
    func tasksEnded() async {
        for task in tasks.values { await task.value }
    }

    private func stop(_ prefetch: PrefetchQueue.Running?) {
        guard let prefetch else { return }
        tasks[prefetch.number]?.cancel()
    }

    private func startWaiting() {
        while !paused, queue.runningCount < maximumConcurrentPrefetches, let (key, message) = queue.dequeue() {
            nextTaskNumber += 1
            let number = nextTaskNumber
            let control = DownloadPriorityControl(currentPriority, warmingDiskOnly: true)
            queue.markRunning(key, PrefetchQueue.Running(number: number, control: control))
            let resolver = resolver
            let fetchingOriginal = fetchingOriginal
            tasks[number] = Task { [weak self] in
                // Stopped after it was taken from the queue but before it ran: never start.
                if self?.queue.isRunning(key, number: number) == true, !Task.isCancelled {
                    let events = resolver.events(
                        for: message.parts, fetchingOriginal: fetchingOriginal,
                        displayedPixelSize: message.displayedPixelSize, priorityControl: control)
                    for await _ in events {}
                }
                self?.ended(key, number: number)
            }
        }
    }

    private func ended(_ key: PrefetchQueue.Key, number: Int) {
        tasks[number] = nil
        guard queue.finish(key, number: number) else { return }
        startWaiting()
        reportIfDrained()
    }

    /// Reports a drain once the current main-actor job is over, if the prefetcher is still
    /// drained then: starts and stops in one turn that leave nothing make one report.
    private func reportIfDrained() {
        guard queue.isDrained, !isDrainReportDue else { return }
        isDrainReportDue = true
        Task { [weak self] in
            guard let self else { return }
            self.isDrainReportDue = false
            if self.queue.takeDrained() { self.onDrained?() }
        }
    }
}
