extension AttachmentLoadState {
    /// Where an attachment loader stands: what a cell shows.
    public enum Phase: Sendable {
        /// Nothing is loaded: a new loader, or one that was reset.
        case empty
        /// Waiting for an image; ``AttachmentLoadState/placeholderSize`` may already give the size.
        /// With ``AttachmentLoadState/awaitsDownloadRequest``, the image waits for the user's
        /// request (a tap to download) and nothing is coming until then.
        case placeholder
        /// The preview is shown; the original is not (yet).
        case preview
        /// The original (or, for a load given a displayed size, the rendition chosen for it) is
        /// downloading; what is shown stays meanwhile: the preview, if any, or after
        /// ``AttachmentLoading/displayedPixelSizeChanged(to:)`` the smaller rendition.
        ///
        /// The phase comes with the download's first progress, sent once its transfer has started.
        /// Before that the phase still names what is shown (``placeholder``, ``preview``, or
        /// ``original`` during a size change's fetch) while ``AttachmentLoadState/isLoading`` is
        /// `true`: while the load's download delay holds the request, while the transfer waits for
        /// its turn in the coordinator, while the message's preview or size part is still being
        /// fetched (the events send progress after them), and throughout for content read from the
        /// store, which is shown without any progress.
        ///
        /// Through a fallback (a rendition fails and the next one up is fetched) the phase stays
        /// `downloading`, with the failed one's last progress until the next one's first, and never
        /// goes back to what is shown in between: it ends when something is shown
        /// (``original``) or when nothing could be (``failed(_:)``, or what is shown when the run
        /// ends otherwise).
        case downloading(TransferProgress)
        /// The original is shown, or for a load given a displayed size the rendition chosen for it
        /// (``AttachmentLoading/load(parts:displayedPixelSize:fetchingOriginal:)``): nothing
        /// more will come for that size.
        ///
        /// After ``AttachmentLoading/displayedPixelSizeChanged(to:)`` asks for a larger rendition the
        /// phase stays `original`, the smaller one shown, with ``AttachmentLoadState/isLoading``
        /// `true`, until the larger one's first progress makes it ``downloading(_:)`` (see there for
        /// when that comes); it is `original` again once the larger one is shown, or when it could
        /// not be and the smaller one stays. So `original` with `isLoading` means "a final image is
        /// shown, and a larger one may replace it": read ``AttachmentLoadState/isLoading``, not the
        /// phase, to know whether more is coming.
        case original
        /// The original can't be shown (a failed download, or content that failed the check); the
        /// preview, if any, stays shown. ``AttachmentLoading/retry()`` tries again. A failed
        /// rendition whose next one up is fetched instead is not this phase: it is reported in
        /// ``AttachmentLoadState/lastFailure``; this phase comes when none could be shown.
        case failed(AttachmentResolver.Failure)
    }
}

/// What an attachment loader publishes: its phase, the content to show and the size to lay it
/// out at.
public struct AttachmentLoadState: Sendable {
    /// Where the load stands.
    public var phase: AttachmentLoadState.Phase = .empty
    /// The content to show now: the original once it is here, the preview before, `nil` while
    /// there is neither.
    public var content: PartContent?
    /// The identity of the part whose content ``content`` is: the preview's, the original's, or
    /// for a load given a displayed size the rendition's shown in the original's place; `nil`
    /// while nothing is shown.
    ///
    /// A viewer that takes over from the cell finds the rendition shown by it, to tell a
    /// ``Rendition/Upgrader`` what it starts from:
    ///
    /// ```swift
    /// let renditions = resolver.resolve(parts).renditions
    /// let shown = renditions.first { $0.part.id == loader.state.shownPartID }
    /// upgrader = Rendition.Upgrader(renditions: renditions, showing: shown) { ... }
    /// ```
    public var shownPartID: PartID?
    /// Whether ``content`` came in the original role: the original, or a rendition shown
    /// in its place. A preview never replaces it.
    var showsOriginal = false
    /// The size to lay the image out at, once known (see ``PlaceholderSize``).
    public var placeholderSize: PlaceholderSize?
    /// Whether a load is running: downloads may still change what is shown. It is `true` from
    /// the call that starts the run (``AttachmentLoading/load(parts:displayedPixelSize:fetchingOriginal:)``,
    /// ``AttachmentLoading/retry()``, or a ``AttachmentLoading/displayedPixelSizeChanged(to:)``
    /// that needs a larger rendition) until the run ends, also while the phase does not say
    /// ``AttachmentLoadState/Phase/downloading(_:)``: before a download's first progress, the phase
    /// names what is shown.
    public var isLoading = false
    /// Whether the load leaves the original to a request: the original (or, for a load
    /// given a displayed size, the rendition chosen for it) is not local, and the resolver's
    /// ``AttachmentResolver/autoDownload`` does not allow fetching it unasked (the rule is in
    /// ``AttachmentResolver/AutoDownloadPolicy``: an original of unknown size or over the sole-image limit, or one
    /// beside its preview). Offer a tap to download, which loads again with
    /// `fetchingOriginal: true`.
    ///
    /// Set when the run starts (just after the call that starts it), for the whole run: while
    /// it is `true`, the phase ``AttachmentLoadState/Phase/placeholder`` or
    /// ``AttachmentLoadState/Phase/preview`` does not mean that more is coming once the preview and size
    /// part are here, and ``isLoading`` becomes `false` once they are. Always `false` for a load
    /// with `fetchingOriginal: true`.
    public var awaitsDownloadRequest = false
    /// The last part that could not be used in the current load, if any: a failed preview or
    /// size part, or a failed rendition that the next one up replaces, leaves the others to go
    /// on, so it need not mean the phase is ``AttachmentLoadState/Phase/failed(_:)``.
    public var lastFailure: AttachmentResolver.Failure?

    /// An empty state: nothing loaded.
    package init() {}

    /// While the phase is ``AttachmentLoadState/Phase/downloading(_:)`` a progressive JPEG, the latest
    /// prefix of it that shows the picture so far, better than the preview once it has a few
    /// scans; `nil` otherwise, and from the moment the original is shown. See
    /// ``TransferProgress/DisplayablePrefix`` for how to decode it.
    public var displayablePrefix: TransferProgress.DisplayablePrefix? {
        if case .downloading(let progress) = phase { return progress.displayablePrefix }
        return nil
    }

    /// Whether the original is shown.
    public var isShowingOriginal: Bool {
        if case .original = phase { return true }
        return false
    }
}
