import Observation

/// Shows one image message in a view, for SwiftUI and UIKit cells: an `@Observable` object
/// that runs the message's events and keeps what to show. Its members are
/// ``AttachmentLoading``'s.
///
/// ```swift
/// let loader = AttachmentLoader()
/// loader.load(parts: message.parts)     // placeholder size, preview, progress, original
/// // body: Thumbnail(loader.state)      // SwiftUI redraws on each change
/// ```
///
/// For iOS 15 and 16, ``CallbackAttachmentLoader`` is the same loader with a change callback.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class AttachmentLoader: AttachmentLoading, Observable {
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
    /// The loading logic this face publishes.
    public let engine: AttachmentLoadEngine

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
        engine.onChange = { [weak self] state in self?.state = state }
    }

    /// Where the load stands.
    public var phase: AttachmentLoadState.Phase { state.phase }
    /// The content to show: the original once here, the preview before it.
    public var content: PartContent? { state.content }
    /// The size to lay the image out at, once known.
    public var placeholderSize: PlaceholderSize? { state.placeholderSize }
}
