extension DownloadCoordinator {
    /// Changes the priority `download` asks for, up or down.
    ///
    /// The part's transfer then runs at its callers' highest priority again: raising a caller
    /// escalates a running transfer (as a caller joining at that priority does); lowering one
    /// lets a transfer still waiting for a slot fall behind more urgent ones. The task of a
    /// running transfer keeps the task priority it has (a task can't be lowered), but the
    /// coordinator's ``priority(of:)`` and its queue follow the callers. A caller that has
    /// ended, or is not attached yet, just keeps the new priority for when it is.
    func setPriority(_ priority: DownloadPriority, of download: PartDownload) {
        guard let transfer = activeTransfer(of: download.partID), transfer.changePriority(of: download, to: priority)
        else {
            _ = download.exchangePriority(priority)
            return
        }
        transfer.escalate(to: transfer.priority)
    }

    /// Moves `download` to `control`'s priority as it is now, on the actor.
    func setPriority(of download: PartDownload, following control: DownloadPriorityControl) {
        setPriority(control.priority, of: download)
    }
}
