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
public final class ObservableObjectAttachmentLoader: AttachmentLoading, ObservableObject {
    /// Everything the loader publishes; each change is sent through `objectWillChange`.
    @Published public private(set) var state = AttachmentLoadState()
    /// The loading logic this face publishes.
    public let engine: AttachmentLoadEngine

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
}

#endif
