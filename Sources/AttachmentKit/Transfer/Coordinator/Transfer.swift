import Foundation

/// One part's transfer, shared by all of its callers.
///
/// ``DownloadCoordinator`` creates, starts and ends it; its state sits behind one lock because
/// the part reports progress from any thread. Lock order: a transfer's lock, then a caller's
/// (``PartDownload``), then an observer's; never the other way round.
final class Transfer: Sendable {
    let part: any MessagePart
    /// Whether the chat SDK was already downloading the part when the transfer was created:
    /// AttachmentKit attaches to that download rather than starting one, so it takes no slot.
    let joinsRunningTransfer: Bool
    /// Creation order, for first-come-first-served among equal priorities.
    let sequence: Int
    private let throttle: TransferProgress.Throttle
    private let clock: any TransferClock
    private let shared: LockedState<Shared>
    /// The displayable-prefix scan of the running attempt, when a caller watches for prefixes.
    /// Its own lock, never held with ``shared``'s.
    private let prefixScan = LockedState<DisplayablePrefixScan?>(nil)

    private struct Shared {
        var download: PartDownload.State = .idle
        var attempt = 0
        var isAttemptOpen = false
        var callers: [ObjectIdentifier: PartDownload] = [:]
        var listening: [ObjectIdentifier: PartDownload] = [:]
        var callersByPriority = [Int](repeating: 0, count: DownloadPriority.allCases.count)
        var stepFilter = StepFilter()
        var task: Task<Void, Never>?
        /// The priority the task runs at: the one it started with, or a higher one it was raised to.
        var runningPriority: DownloadPriority?
    }

    init(part: any MessagePart, sequence: Int, throttle: TransferProgress.Throttle, clock: any TransferClock) {
        self.part = part
        self.joinsRunningTransfer = part.transferStatus == .downloading
        self.sequence = sequence
        self.throttle = throttle
        self.clock = clock
        self.shared = LockedState(Shared())
    }

    var state: PartDownload.State { shared.withLock { $0.download } }
    var callerCount: Int { shared.withLock { $0.callers.count } }

    /// Whether every caller only warms the disk tier (prefetches): then the content is kept
    /// out of the memory tier.
    var warmsDiskOnly: Bool { shared.withLock { $0.callers.values.allSatisfy(\.warmsDiskOnly) } }

    /// The highest priority among the callers (``DownloadPriority/low`` when there are none).
    var priority: DownloadPriority {
        shared.withLock { shared in
            DownloadPriority.allCases.last { shared.callersByPriority[$0.rawValue] > 0 } ?? .low
        }
    }

    /// Adds a caller. Returns `false` when it could not follow the transfer: the caller has
    /// already ended, or the transfer has.
    @discardableResult
    func addCaller(_ download: PartDownload) -> Bool {
        let now = clock.now
        return shared.withLock { shared in
            let id = ObjectIdentifier(download)
            guard !shared.download.isTerminal else { return false }
            guard shared.callers[id] == nil else { return true }
            let attachment = download.attach(to: self, state: shared.download, now: now, throttle: throttle)
            guard attachment.attached else { return false }
            shared.callers[id] = download
            shared.callersByPriority[download.priority.rawValue] += 1
            if attachment.listening { shared.listening[id] = download }
            return true
        }
    }

    /// Removes a caller. Returns whether it was the last one.
    func removeCaller(_ download: PartDownload) -> Bool {
        shared.withLock { shared in
            let id = ObjectIdentifier(download)
            shared.listening[id] = nil
            guard shared.callers.removeValue(forKey: id) != nil else { return false }
            shared.callersByPriority[download.priority.rawValue] -= 1
            return shared.callers.isEmpty && !shared.download.isTerminal
        }
    }

    /// Moves a caller to `priority`, under this transfer's lock so that the count of callers by
    /// priority stays that of its callers. Returns `false` when `download` is not a caller.
    func changePriority(of download: PartDownload, to priority: DownloadPriority) -> Bool {
        shared.withLock { shared in
            guard shared.callers[ObjectIdentifier(download)] != nil else { return false }
            let old = download.exchangePriority(priority)
            shared.callersByPriority[old.rawValue] -= 1
            shared.callersByPriority[priority.rawValue] += 1
            return true
        }
    }

    func attachListener(_ listener: DownloadListener, to download: PartDownload) {
        shared.withLock { shared in
            if download.addListener(listener, following: self, transferState: shared.download) {
                shared.listening[ObjectIdentifier(download)] = download
            }
        }
    }

    /// Moves from idle to downloading with `task` doing the work. Returns `false` when the
    /// transfer was cancelled before it could start.
    func start(at priority: DownloadPriority, _ makeTask: () -> Task<Void, Never>) -> Bool {
        shared.withLock { shared in
            guard (try? shared.download.apply(.start)) != nil else { return false }
            shared.task = makeTask()
            shared.runningPriority = priority
            return true
        }
    }

    /// Raises the running task to `priority` when it runs lower, before this returns where the
    /// runtime can (Swift 6.2 on Linux and the 2025 Apple systems); elsewhere a task of that
    /// priority awaits it, which makes the runtime escalate it (and the tasks it awaits) once
    /// that task runs. A transfer still waiting for a slot needs nothing: it starts at its
    /// callers' highest.
    func escalate(to priority: DownloadPriority) {
        let task = shared.withLock { shared -> Task<Void, Never>? in
            guard let running = shared.runningPriority, running < priority, !shared.download.isTerminal else {
                return nil
            }
            shared.runningPriority = priority
            return shared.task
        }
        guard let task else { return }
        #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            task.escalatePriority(to: priority.taskPriority)
            return
        }
        #endif
        Task(priority: priority.taskPriority) { await task.value }
    }

    /// Opens the next attempt and returns the observer its download reports to.
    func beginAttempt(diagnostics: (@Sendable (DownloadCoordinator.Diagnostic) -> Void)?) -> ProgressSink {
        let attempt = shared.withLock { shared in
            shared.attempt += 1
            shared.isAttemptOpen = true
            return shared.attempt
        }
        return ProgressSink(transfer: self, attempt: attempt, diagnostics: diagnostics)
    }

    func endAttempt() {
        shared.withLock { $0.isAttemptOpen = false }
    }

    /// Records progress from attempt `attempt` and passes it to listening callers through the
    /// throttle. Returns the error when the report is illegal (the transfer is over); reports
    /// from an attempt that has ended are dropped.
    func report(_ progress: TransferProgress, attempt: Int) -> DownloadStateTransitionError? {
        shared.withLock { (shared: inout Shared) -> DownloadStateTransitionError? in
            guard shared.attempt == attempt, shared.isAttemptOpen else {
                guard shared.download.isTerminal else { return nil }
                return DownloadStateTransitionError(phase: shared.download.phase, event: .progress)
            }
            do throws(DownloadStateTransitionError) {
                try shared.download.apply(.progress(progress))
            } catch {
                return error
            }
            guard !shared.listening.isEmpty, shared.stepFilter.admits(progress, throttle: throttle) else { return nil }
            let now = clock.now
            for (id, download) in shared.listening where !download.deliver(progress, now: now, throttle: throttle) {
                shared.listening[id] = nil
            }
            return nil
        }
    }

    /// Reads a chunk of attempt `attempt` for displayable prefixes and hands a new one to the
    /// callers that watch for them (``PartDownload/onDisplayablePrefix``), outside every lock.
    /// The scan starts with the attempt's first byte when a caller then watches, and a prefix
    /// goes to the callers watching when it is found.
    func received(_ chunk: Data, at offset: Int64, totalBytes: Int64?, attempt: Int) {
        let watching = shared.withLock { shared -> Bool? in
            guard shared.attempt == attempt, shared.isAttemptOpen else { return nil }
            return offset == 0 ? shared.callers.values.contains { $0.onDisplayablePrefix != nil } : false
        }
        guard let watching else { return }
        let prefix = prefixScan.withLock { scan -> TransferProgress.DisplayablePrefix? in
            if offset == 0 { scan = watching ? DisplayablePrefixScan(totalBytes: totalBytes) : nil }
            defer { if scan?.isFinished == true { scan = nil } }
            return scan?.append(chunk, at: offset)
        }
        guard let prefix else { return }
        let watchers = shared.withLock { $0.callers.values.compactMap(\.onDisplayablePrefix) }
        var progress = TransferProgress(completedBytes: offset + Int64(chunk.count), totalBytes: totalBytes)
        progress.displayablePrefix = prefix
        for watcher in watchers { watcher(progress) }
    }

    /// Ends the transfer with a terminal state and hands it to every caller: completed
    /// content after the final 100 %. Returns the error when the transfer had already ended.
    @discardableResult
    func finish(_ event: DownloadStateEvent, contentByteCount: Int64? = nil) -> DownloadStateTransitionError? {
        shared.withLock { (shared: inout Shared) -> DownloadStateTransitionError? in
            let latest = shared.download.progress
            do throws(DownloadStateTransitionError) {
                try shared.download.apply(event)
            } catch {
                return error
            }
            shared.isAttemptOpen = false
            var finalProgress: TransferProgress?
            if case .completed = shared.download {
                let total = latest?.totalBytes ?? latest.map(\.completedBytes).flatMap { $0 > 0 ? $0 : nil }
                let bytes = total ?? contentByteCount ?? 0
                finalProgress = TransferProgress(completedBytes: bytes, totalBytes: bytes)
            }
            for download in shared.callers.values {
                download.finish(with: shared.download, finalProgress: finalProgress)
            }
            shared.callers.removeAll()
            shared.listening.removeAll()
            shared.callersByPriority = shared.callersByPriority.map { _ in 0 }
            return nil
        }
    }

    /// Cancels the task doing the work, if it started.
    func cancelTask() {
        shared.withLock { $0.task }?.cancel()
    }
}
