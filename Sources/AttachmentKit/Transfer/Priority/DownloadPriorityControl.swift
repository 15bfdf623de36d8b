/// The priority of a group of downloads that can change while they run: what an
/// ``AttachmentLoader`` lowers when its cell scrolls away and raises when it comes back.
///
/// Every download started for the group registers here; changing the priority moves every
/// registered download that is still running to it, through the coordinator. Lock: the
/// control's own, never held while calling the coordinator.
final class DownloadPriorityControl: Sendable {
    private struct State {
        var priority: DownloadPriority
        var downloads: [PartDownload] = []
        /// Whether downloads wait for ``release()`` before they start.
        var isHeld: Bool
        var heldWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state: LockedState<State>

    /// A control at `priority`; with `held`, its downloads wait for ``release()`` (local
    /// content, a running transfer and stored content don't: they make no new request).
    /// With `warmingDiskOnly` (a prefetch), its downloads keep their content out of the
    /// store's memory tier unless another caller shares them.
    init(_ priority: DownloadPriority, held: Bool = false, warmingDiskOnly: Bool = false) {
        state = LockedState(State(priority: priority, isHeld: held))
        warmsDiskOnly = warmingDiskOnly
    }

    /// Whether the group only warms the store's disk tier.
    let warmsDiskOnly: Bool

    /// Lets held downloads start, and the ones to come start at once.
    func release() {
        let waiters = state.withLock { state in
            state.isHeld = false
            defer { state.heldWaiters.removeAll() }
            return Array(state.heldWaiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the control is released or the task is cancelled.
    private func waitUntilReleased() async {
        let number = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let proceed = state.withLock { state in
                    guard state.isHeld, !Task.isCancelled else { return true }
                    state.heldWaiters[number] = continuation
                    return false
                }
                if proceed { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.heldWaiters.removeValue(forKey: number) }?.resume()
        }
    }

    /// Whether downloads still wait for ``release()``.
    var isHeld: Bool { state.withLock { $0.isHeld } }

    /// Whether `part` can be had without a new request, so a held control need not hold it: a
    /// transfer of it is running or waiting (joined), or the coordinator's store has it.
    private static func needsNoRequest(_ part: any MessagePart, _ coordinator: DownloadCoordinator) async -> Bool {
        if await coordinator.priority(of: part.id) != nil { return true }
        guard let store = coordinator.store else { return false }
        return await store.content(for: ContentKey(partID: part.id)) != nil
    }

    /// The priority new downloads of the group start with.
    var priority: DownloadPriority { state.withLock { $0.priority } }

    /// The downloads registered so far (a download is registered just after the coordinator
    /// starts it; a priority change in between reaches it when it registers).
    var registeredDownloadCount: Int { state.withLock { $0.downloads.count } }

    /// Starts or joins the download of `part` at the group's priority and registers it, moving
    /// it at once when the priority changed while it was being made; `nil` when the task was
    /// cancelled while the control held it (nothing was asked of the coordinator). A group that
    /// only warms the disk (a prefetch) never watches for displayable prefixes: it drops
    /// `onDisplayablePrefix`.
    func download(
        _ part: any MessagePart, from coordinator: DownloadCoordinator,
        onDisplayablePrefix: (@Sendable (TransferProgress) -> Void)? = nil
    ) async -> PartDownload? {
        if part.availableContent == nil, isHeld, await !Self.needsNoRequest(part, coordinator) {
            await waitUntilReleased()
            guard !Task.isCancelled else { return nil }
        }
        let download = await coordinator.download(
            part, priority: priority, warmingDiskOnly: warmsDiskOnly,
            onDisplayablePrefix: warmsDiskOnly ? nil : onDisplayablePrefix)
        let current = state.withLock { state in
            state.downloads.removeAll { $0.state.isTerminal }
            state.downloads.append(download)
            return state.priority
        }
        if current != download.priority { await coordinator.setPriority(of: download, following: self) }
        return download
    }

    /// The content of `part` (as ``DownloadCoordinator/content(for:priority:)``), its download
    /// registered in the group.
    func content(for part: any MessagePart, from coordinator: DownloadCoordinator) async throws(TransferError)
        -> PartContent
    {
        if let content = part.availableContent { return content }
        guard !Task.isCancelled else { throw .cancelled(part.id) }
        guard let download = await download(part, from: coordinator) else { throw .cancelled(part.id) }
        return try await download.content()
    }

    /// Sets the group's priority, at once, for the downloads to come; ``applyPriority(in:)``
    /// moves the running ones.
    func setPriority(_ priority: DownloadPriority) {
        state.withLock { $0.priority = priority }
    }

    /// Moves every registered download still running to the group's priority as it is when
    /// the coordinator applies it, so that of two changes made in a row the last wins whichever
    /// order their tasks run in.
    func applyPriority(in coordinator: DownloadCoordinator) async {
        let downloads = state.withLock { state in
            state.downloads.removeAll { $0.state.isTerminal }
            return state.downloads
        }
        for download in downloads { await coordinator.setPriority(of: download, following: self) }
    }

    /// Sets the group's priority and moves the running downloads to it.
    func setPriority(_ priority: DownloadPriority, in coordinator: DownloadCoordinator) async {
        setPriority(priority)
        await applyPriority(in: coordinator)
    }
}
