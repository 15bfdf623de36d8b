/// What an attachment loader does with its downloads when its cell scrolls out of view
/// (``AttachmentLoading/disappear()``).
public enum AttachmentDisappearancePolicy: Sendable, Hashable {
    /// Moves the downloads to ``DownloadPriority/low``, so that visible cells go first; those
    /// that have started keep running. ``AttachmentLoading/appear()`` moves them back to the
    /// loader's priority.
    ///
    /// A request still held by the loader's download delay is not started while the cell is
    /// away, not even at low priority: it waits for ``AttachmentLoading/appear()`` and starts once
    /// the cell has been on screen for the delay again (see ``AttachmentLoading/disappear()``).
    case lowerPriority
    /// Cancels the load, keeping what is shown; ``AttachmentLoading/appear()`` loads again
    /// (a transfer another caller kept running is joined, and a finished one is in the store).
    case cancel
    /// Changes nothing.
    case keepLoading
}
