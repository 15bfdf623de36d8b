/// ``AttachmentLoader`` for iOS 15 and 16 (and any code that prefers a callback to
/// Observation): the same loader, the same rules, and ``onChange`` called on the main actor
/// after every change of ``state``.
///
/// ```swift
/// let loader = CallbackAttachmentLoader()
/// loader.onChange = { [weak cell] state in cell?.show(state) }
/// loader.load(parts: message.parts)
/// ```
@MainActor
public final class CallbackAttachmentLoader {
    /// Called with the new state after every change, on the main actor.
    public var onChange: (@MainActor (AttachmentLoadState) -> Void)?
    /// Everything the loader publishes.
    public private(set) var state = AttachmentLoadState()
    let engine: AttachmentLoadEngine

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
        engine.onChange = { [weak self] state in
            guard let self else { return }
            self.state = state
            self.onChange?(state)
        }
    }

    // Deliberate twins: AttachmentLoader, CallbackAttachmentLoader and
    // ObservableObjectAttachmentLoader forward these same calls to one AttachmentLoadEngine;
    // only how a change is published differs (Observation, a callback, Combine).
    /// The priority of the loader's downloads (see ``AttachmentLoader/priority``).
    public var priority: DownloadPriority {
        get { engine.priority }
        set { engine.setPriority(newValue) }
    }

    /// Loads a message (see ``AttachmentLoader/load(parts:fetchingOriginal:)``).
    public func load(parts: [any MessagePart], fetchingOriginal: Bool = false) {
        engine.load(parts, fetchingOriginal: fetchingOriginal)
    }

    /// Loads a message for a view that shows it at `displayedPixelSize`, the original's place
    /// taken by the rendition chosen for that size (see
    /// ``AttachmentLoader/load(parts:displayedPixelSize:fetchingOriginal:)``).
    public func load(parts: [any MessagePart], displayedPixelSize: PixelSize, fetchingOriginal: Bool = false) {
        engine.load(parts, fetchingOriginal: fetchingOriginal, displayedPixelSize: displayedPixelSize)
    }

    /// The view shows the picture at `displayedPixelSize` now: fetches the larger rendition it
    /// needs, if any, and swaps it in, keeping what is shown meanwhile (see
    /// ``AttachmentLoader/displayedPixelSizeChanged(to:)``).
    public func displayedPixelSizeChanged(to displayedPixelSize: PixelSize) {
        engine.displayedPixelSizeChanged(to: displayedPixelSize)
    }

    /// Stops the load and keeps what is shown (see ``AttachmentLoader/cancel()``).
    public func cancel() { engine.cancel() }

    /// Stops the load and forgets the message (see ``AttachmentLoader/reset()``).
    public func reset() { engine.reset() }

    /// Loads the same message again (see ``AttachmentLoader/retry()``).
    public func retry() { engine.retry() }

    /// The cell left the screen (see ``AttachmentLoader/disappear()``).
    public func disappear() { engine.disappear() }

    /// The cell is on screen again (see ``AttachmentLoader/appear()``).
    public func appear() { engine.appear() }
}
