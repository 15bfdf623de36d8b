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
public final class CallbackAttachmentLoader: AttachmentLoading {
    /// Called with the new state after every change, on the main actor.
    public var onChange: (@MainActor (AttachmentLoadState) -> Void)?
    /// Everything the loader publishes.
    public private(set) var state = AttachmentLoadState()
    /// The loading logic this face publishes.
    public let engine: AttachmentLoadEngine

    /// Creates a loader that resolves and downloads through `resolver` and treats a cell
    /// scrolling away by `disappearance`.
    ///
    /// A load's new requests wait until the loader has been on screen for `downloadDelay`
    /// seconds (0.1 unless given), counted again from each ``AttachmentLoading/appear()``: in a
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
}
