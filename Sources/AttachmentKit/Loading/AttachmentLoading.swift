/// What the loader faces share: ``AttachmentLoader`` (Observation, iOS 17),
/// ``CallbackAttachmentLoader`` (a change callback, iOS 15) and, where Combine exists,
/// `ObservableObjectAttachmentLoader` (`@Published`). Each publishes the same
/// ``AttachmentLoadState`` its own way; loading, cell reuse, priority and the on-screen rules
/// are these members, written once.
///
/// ```swift
/// loader.load(parts: message.parts)     // placeholder size, preview, progress, original
/// loader.disappear()                    // the cell scrolled away: its downloads go low
/// loader.appear()                       // back: the priority it had before
/// loader.load(parts: other.parts)       // cell reuse: the old load can't publish any more
/// ```
///
/// Loading new parts cancels the old load, and a generation number makes sure that nothing of
/// the old load is shown afterwards, even an event that was already on its way. ``cancel()``
/// stops the downloads and keeps what is shown; ``reset()`` clears it too. Releasing the loader
/// cancels its load. Every member is used on the main actor. <doc:ShowingAttachmentsInAList>
/// tells the rules in full.
@MainActor
public protocol AttachmentLoading: AnyObject {
    /// Everything the loader publishes.
    var state: AttachmentLoadState { get }
    /// The loading logic the face publishes: AttachmentKit's loaders make their own.
    var engine: AttachmentLoadEngine { get }
}

extension AttachmentLoading {
    /// The priority of the loader's downloads, ``DownloadPriority/normal`` unless set. Setting it
    /// applies at once, to the running downloads too, even while the cell is away: an explicit
    /// ``DownloadPriority/high`` is never lowered by ``disappear()``'s earlier call and never lost
    /// by ``appear()``.
    public var priority: DownloadPriority {
        get { engine.priority }
        set { engine.setPriority(newValue) }
    }

    /// Loads a message: cancels the load before (cell reuse), clears what was shown, and starts
    /// the events of `parts`.
    ///
    /// ```swift
    /// // An aspect-fill cell of 120 × 90 points on a 3× screen shows 360 × 270 pixels.
    /// let pixels = PixelSize(width: bounds.width * scale, height: bounds.height * scale)
    /// loader.load(parts: message.parts, displayedPixelSize: pixels, fetchingOriginal: true)
    /// ```
    ///
    /// With a `displayedPixelSize`, the original's place is taken by the rendition
    /// ``AttachmentResolver/Policy/rendition(for:among:)`` chooses for that size, stored under
    /// its own key, and it arrives as the phase ``AttachmentLoadState/Phase/original``. When the
    /// local preview already covers the size, nothing is fetched. A rendition that fails is
    /// reported in ``AttachmentLoadState/lastFailure`` and the next one up is fetched, the
    /// original last. An empty size, or a message without renditions, loads the original.
    ///
    /// - Parameters:
    ///   - parts: The message's parts.
    ///   - displayedPixelSize: The device pixels the picture takes (view points × screen scale),
    ///     or `nil` for the original.
    ///   - fetchingOriginal: Whether to fetch the original (or the chosen rendition) even when the
    ///     resolver's ``AttachmentResolver/autoDownload`` does not allow it.
    public func load(parts: [any MessagePart], displayedPixelSize: PixelSize? = nil, fetchingOriginal: Bool = false) {
        engine.load(parts, fetchingOriginal: fetchingOriginal, displayedPixelSize: displayedPixelSize)
    }

    /// Tells the loader that the view now shows the picture at `displayedPixelSize` (a rotation,
    /// a split-view resize, a cell that grew), without clearing what is shown.
    ///
    /// It only ever goes up: when the smallest rendition that covers the new size is larger than
    /// the one shown (``AttachmentLoadState/shownPartID``) and than the one being fetched, it is
    /// fetched and swapped in; what is shown stays meanwhile, with
    /// ``AttachmentLoadState/isLoading`` `true`. A smaller or empty size, the original shown, or
    /// a load made without a size fetch nothing. Each fetch replaces the one before, whose late
    /// result is never shown. After ``cancel()`` the size is kept for the next ``retry()`` or
    /// ``appear()``. <doc:ShowingAttachmentsInAList> has the details.
    public func displayedPixelSizeChanged(to displayedPixelSize: PixelSize) {
        engine.displayedPixelSizeChanged(to: displayedPixelSize)
    }

    /// Stops the load's downloads (other callers' transfers go on) and keeps what is shown.
    public func cancel() { engine.cancel() }

    /// Stops the load and forgets the message: the state is empty again.
    public func reset() { engine.reset() }

    /// Loads the same message again after a failure or a ``cancel()``, keeping what is shown.
    /// Does nothing while loading, once the original is shown, or with no message.
    public func retry() { engine.retry() }

    /// The cell left the screen: lowers the downloads' priority, or cancels, by the loader's
    /// ``AttachmentDisappearancePolicy``.
    ///
    /// Under ``AttachmentDisappearancePolicy/lowerPriority`` (the default), downloads that have
    /// started keep running at ``DownloadPriority/low``. A request the download delay still holds
    /// (the cell was on screen for less than `downloadDelay`) does not start while the cell is
    /// away, however long that is; it starts once the cell has been back on screen for the
    /// delay, counted again from ``appear()``.
    public func disappear() { engine.disappear() }

    /// The cell is on screen again: restores the priority the loader had before it disappeared
    /// (never a lowered one), or loads again after a cancelling disappearance.
    public func appear() { engine.appear() }
}
