#if canImport(Combine)
import Combine

/// ``CallbackAttachmentLoader`` as an `ObservableObject`, for SwiftUI on iOS 15 and 16: the
/// same loader and the same rules, its ``state`` `@Published` on the main actor.
///
/// ```swift
/// @StateObject private var loader = ObservableObjectAttachmentLoader()
/// // body: Thumbnail(loader.state).onAppear { loader.load(parts: message.parts) }
/// ```
///
/// Only where Combine exists (Apple platforms); on iOS 17 and later ``AttachmentLoader`` is
/// the `@Observable` one.
@MainActor
public final class ObservableObjectAttachmentLoader: ObservableObject {
    /// Everything the loader publishes; each change is sent through `objectWillChange`.
    @Published public private(set) var state = AttachmentLoadState()
    let engine: AttachmentLoadEngine

    /// Creates a loader (see ``CallbackAttachmentLoader/init(resolver:disappearance:downloadDelay:)``).
    public convenience init(
        resolver: AttachmentResolver = AttachmentResolver(),
        disappearance: AttachmentDisappearancePolicy = .lowerPriority,
        downloadDelay: Double = 0.1
    ) {
        self.init(
            engine: AttachmentLoadEngine(
                resolver: resolver, disappearance: disappearance, downloadDelay: downloadDelay))
    }

    init(engine: AttachmentLoadEngine) {
        self.engine = engine
        engine.onChange = { [weak self] state in self?.state = state }
    }

    // Deliberate twins: AttachmentLoader, CallbackAttachmentLoader and
    // ObservableObjectAttachmentLoader forward these same calls to one AttachmentLoadEngine;
    // only how a change is published differs (Observation, a callback, Combine).
    /// The priority of the loader's downloads (see ``CallbackAttachmentLoader/priority``).
    public var priority: DownloadPriority {
        get { engine.priority }
        set { engine.setPriority(newValue) }
    }

    /// Loads a message (see ``CallbackAttachmentLoader/load(parts:fetchingOriginal:)``).
    public func load(parts: [any MessagePart], fetchingOriginal: Bool = false) {
        engine.load(parts, fetchingOriginal: fetchingOriginal)
    }

    /// Loads a message for a view that shows it at `displayedPixelSize`, the original's place
    /// taken by the rendition chosen for that size (see
    /// ``CallbackAttachmentLoader/load(parts:displayedPixelSize:fetchingOriginal:)``).
    public func load(parts: [any MessagePart], displayedPixelSize: PixelSize, fetchingOriginal: Bool = false) {
        engine.load(parts, fetchingOriginal: fetchingOriginal, displayedPixelSize: displayedPixelSize)
    }

    /// The view shows the picture at `displayedPixelSize` now: fetches the larger rendition it
    /// needs, if any, and swaps it in, keeping what is shown meanwhile (see
    /// ``CallbackAttachmentLoader/displayedPixelSizeChanged(to:)``).
    public func displayedPixelSizeChanged(to displayedPixelSize: PixelSize) {
        engine.displayedPixelSizeChanged(to: displayedPixelSize)
    }

    /// Stops the load and keeps what is shown (see ``CallbackAttachmentLoader/cancel()``).
    public func cancel() { engine.cancel() }

    /// Stops the load and forgets the message (see ``CallbackAttachmentLoader/reset()``).
    public func reset() { engine.reset() }

    /// Loads the same message again (see ``CallbackAttachmentLoader/retry()``).
    public func retry() { engine.retry() }

    /// The cell left the screen (see ``CallbackAttachmentLoader/disappear()``).
    public func disappear() { engine.disappear() }

    /// The cell is on screen again (see ``CallbackAttachmentLoader/appear()``).
    public func appear() { engine.appear() }
}
#endif
