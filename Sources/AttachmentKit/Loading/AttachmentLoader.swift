import Observation

/// Shows one image message in a view, for SwiftUI and UIKit cells: an `@Observable` object
/// that runs the message's events and keeps what to show.
///
/// ```swift
/// let loader = AttachmentLoader()
/// loader.load(parts: message.parts)     // placeholder size, preview, progress, original
/// loader.disappear()                    // the cell scrolled away: its downloads go low
/// loader.appear()                       // back: the priority it had before
/// loader.load(parts: other.parts)       // cell reuse: the old load can't publish any more
/// ```
///
/// Loading new parts cancels the old load, and a generation number makes sure that nothing
/// of the old load is shown afterwards, even an event that was already on its way.
/// ``cancel()`` stops the downloads and keeps what is shown; ``reset()`` clears it too.
/// Releasing the loader cancels its load. Every member is used on the main actor.
///
/// For iOS 15 and 16, ``CallbackAttachmentLoader`` is the same loader with a change callback.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class AttachmentLoader: Observable {
    /// Everything the loader publishes: read it, or the shortcuts below, from a view.
    public private(set) var state: AttachmentLoadState {
        get {
            registrar.access(self, keyPath: \.state)
            return storedState
        }
        set {
            registrar.withMutation(of: self, keyPath: \.state) { storedState = newValue }
        }
    }
    private var storedState = AttachmentLoadState()
    let engine: AttachmentLoadEngine

    // Observable by hand, not with `@Observable`: the macro stores an `ObservationRegistrar`
    // (iOS 17) in the class, and on iOS 15 and 16 an app whose code (or an SDK's) enumerates
    // the Objective-C classes (`objc_copyClassList`, `objc_getClassList`) realizes every Swift
    // class, this one too, and its field types' metadata: the weak-linked registrar's is null
    // and the app crashes at launch (swiftlang/swift#61215, #72657), even if it never uses the
    // loader. Stored as `Any`, whose layout needs no metadata from the Observation module; only
    // code, which runs on iOS 17 and later, names the type.
    private let registrarStorage: Any = ObservationRegistrar()
    private var registrar: ObservationRegistrar {
        // Always an ObservationRegistrar: set once, above.
        registrarStorage as! ObservationRegistrar
    }

    /// Creates a loader that resolves and downloads through `resolver` and treats a cell
    /// scrolling away by `disappearance`.
    ///
    /// A load's new requests wait until the loader has been on screen for `downloadDelay`
    /// seconds (0.1 unless given), counted again from each ``AttachmentLoader/appear()``: in a
    /// fast scroll, cells that pass in a few frames ask for nothing, and a cell that stays starts
    /// its downloads 0.1 s later, a wait much shorter than the download. Nothing else waits:
    /// local content, content in the coordinator's store and a transfer already running (a
    /// prefetch, another cell) are shown or joined at once. Pass 0 where the user asked for the
    /// image (a full-screen viewer): its downloads start at once.
    public convenience init(
        resolver: AttachmentResolver = AttachmentResolver(),
        disappearance: AttachmentDisappearancePolicy = .lowerPriority, downloadDelay: Double = 0.1
    ) {
        self.init(
            engine: AttachmentLoadEngine(
                resolver: resolver, disappearance: disappearance, downloadDelay: downloadDelay))
    }

    init(engine: AttachmentLoadEngine) {
        self.engine = engine
        engine.onChange = { [weak self] state in self?.state = state }
    }

    /// Where the load stands.
    public var phase: AttachmentLoadState.Phase { state.phase }
    /// The content to show: the original once here, the preview before it.
    public var content: PartContent? { state.content }
    /// The size to lay the image out at, once known.
    public var placeholderSize: PlaceholderSize? { state.placeholderSize }

    // Deliberate twins: AttachmentLoader, CallbackAttachmentLoader and
    // ObservableObjectAttachmentLoader forward these same calls to one AttachmentLoadEngine;
    // only how a change is published differs (Observation, a callback, Combine).
    /// The priority of the loader's downloads, ``DownloadPriority/normal`` unless set. Setting
    /// it applies at once, to the running downloads too, even while the cell is away: an
    /// explicit ``DownloadPriority/high`` is never lowered by ``disappear()``'s earlier call
    /// and never lost by ``appear()``.
    public var priority: DownloadPriority {
        get { engine.priority }
        set { engine.setPriority(newValue) }
    }

    /// Loads a message: cancels the load before (cell reuse), clears what was shown, and
    /// starts the events of `parts`, the original fetched too when `fetchingOriginal`.
    public func load(parts: [any MessagePart], fetchingOriginal: Bool = false) {
        engine.load(parts, fetchingOriginal: fetchingOriginal)
    }

    /// Loads a message for a view that shows it at `displayedPixelSize`, as
    /// ``load(parts:fetchingOriginal:)`` does, but with the original's place taken by the
    /// rendition ``AttachmentResolver/Policy/rendition(for:among:)`` chooses for that size among
    /// ``AttachmentResolver/Resolution/renditions``, stored under its own key.
    ///
    /// ```swift
    /// // An aspect-fill cell of 120 × 90 points on a 3× screen shows 360 × 270 pixels.
    /// let pixels = PixelSize(width: bounds.width * scale, height: bounds.height * scale)
    /// loader.load(parts: message.parts, displayedPixelSize: pixels, fetchingOriginal: true)
    /// prefetcher.startPrefetching(upcoming, displayedPixelSize: pixels)  // warms the same entry
    /// ```
    ///
    /// The chosen rendition arrives as the phase ``AttachmentLoadState/Phase/original``: for this size,
    /// nothing more will come. When the local preview already covers the size, nothing is fetched
    /// and the phase stays ``AttachmentLoadState/Phase/preview``. A rendition that fails is reported in
    /// ``AttachmentLoadState/lastFailure`` and the next one up is fetched, the original last;
    /// the phase is ``AttachmentLoadState/Phase/failed(_:)`` only when none could be shown. An empty
    /// size (a view before its first layout) or a message without renditions loads the original.
    /// The rules are those of ``AttachmentResolver/events(for:displayedPixelSize:fetchingOriginal:priority:)``.
    ///
    /// - Parameters:
    ///   - parts: The message's parts.
    ///   - displayedPixelSize: The device pixels the picture takes: view points × screen scale.
    ///   - fetchingOriginal: Whether to fetch the chosen rendition even when the resolver's
    ///     ``AttachmentResolver/autoDownload`` does not allow it.
    public func load(parts: [any MessagePart], displayedPixelSize: PixelSize, fetchingOriginal: Bool = false) {
        engine.load(parts, fetchingOriginal: fetchingOriginal, displayedPixelSize: displayedPixelSize)
    }

    /// Tells the loader that the view now shows the picture at `displayedPixelSize` (a rotation,
    /// a split-view resize, a cell that grew), without clearing what is shown, as a new
    /// ``load(parts:displayedPixelSize:fetchingOriginal:)`` would.
    ///
    /// ```swift
    /// // UIKit, in layoutSubviews once the bounds changed; SwiftUI, in onChange(of: size).
    /// loader.displayedPixelSizeChanged(to: PixelSize(width: bounds.width * scale, height: bounds.height * scale))
    /// ```
    ///
    /// It only ever goes up. When the smallest rendition that covers the new size
    /// (``AttachmentResolver/Policy/rendition(for:among:)``, as the load chose) is larger than the
    /// one shown (``AttachmentLoadState/shownPartID``) and than the one the load is fetching, it
    /// is fetched and swapped in: the content shown stays meanwhile, the phase is
    /// ``AttachmentLoadState/Phase/downloading(_:)`` while its bytes come, and
    /// ``AttachmentLoadState/Phase/original`` once it is shown. Until the larger one's first progress
    /// (its transfer starts after the load's download delay and its turn in the coordinator; one
    /// already in the store comes with none) the phase stays ``AttachmentLoadState/Phase/original``
    /// with ``AttachmentLoadState/isLoading`` `true`: `isLoading` says that more is coming. A size that what is shown covers, a
    /// smaller one, an empty one, the original shown, or a load made without a size fetch
    /// nothing. A larger one that fails is reported in ``AttachmentLoadState/lastFailure``, the
    /// next one up is fetched, and when none can be shown what was shown stays, with its phase.
    ///
    /// Sizes that change quickly are safe: each fetch replaces the one before, whose late result
    /// is never shown (the generation number of ``load(parts:fetchingOriginal:)``). After
    /// ``cancel()``, or while away under ``AttachmentDisappearancePolicy/cancel``, the size is
    /// kept and fetched by the next ``retry()`` or ``appear()``. With no message loaded it does
    /// nothing.
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
    /// away, however long that is: a cell that a fast scroll took away asks for nothing. It starts
    /// once the cell has been back on screen for the delay, counted again from ``appear()``.
    public func disappear() { engine.disappear() }

    /// The cell is on screen again: restores the priority the loader had before it
    /// disappeared (never a lowered one), or loads again after a cancelling disappearance.
    public func appear() { engine.appear() }
}
