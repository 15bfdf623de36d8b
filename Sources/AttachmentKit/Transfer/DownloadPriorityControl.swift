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
    }

    private let state: LockedState<State>

    init(_ priority: DownloadPriority) {
        state = LockedState(State(priority: priority))
    }

    /// The priority new downloads of the group start with.
    var priority: DownloadPriority { state.withLock { $0.priority } }

    /// Starts or joins the download of `part` at the group's priority and registers it, moving
    /// it at once when the priority changed while it was being made.
    func download(_ part: any MessagePart, from coordinator: DownloadCoordinator) async -> PartDownload {
        let download = await coordinator.download(part, priority: priority)
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
    func content(for part: any MessagePart, from coordinator: DownloadCoordinator) async throws(DownloadError)
        -> PartContent
    {
        if let content = part.availableContent { return content }
        guard !Task.isCancelled else { throw .cancelled(part.id) }
        return try await download(part, from: coordinator).content()
    }

    /// Moves the group, and every registered download still running, to `priority`.
    func setPriority(_ priority: DownloadPriority, in coordinator: DownloadCoordinator) async {
        let downloads = state.withLock { state in
            state.priority = priority
            state.downloads.removeAll { $0.state.isTerminal }
            return state.downloads
        }
        // The coordinator reads the priority when it applies it, so that of two changes made in
        // a row the last wins whichever order their tasks run in.
        for download in downloads { await coordinator.setPriority(of: download, following: self) }
    }
}
