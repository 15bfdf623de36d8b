import AttachmentKit
import Foundation
import Observation

/// A list cell without UIKit: a `@MainActor` class that shows a message through a
/// ``CallbackAttachmentLoader``, as an iOS 15 cell would. Compiled in Swift 6 language mode with
/// complete checking, with no `@preconcurrency` or `nonisolated(unsafe)`: if the loader stops
/// being adoptable from the main actor, the package's tests no longer build.
@MainActor
final class AttachmentCell {
    /// What the image view would show.
    private(set) var shownContent: PartContent?
    /// The aspect ratio the cell would lay out at.
    private(set) var aspectRatio: Double?
    /// How many times the cell re-rendered.
    private(set) var renderCount = 0
    private let loader: CallbackAttachmentLoader

    init(resolver: AttachmentResolver) {
        loader = CallbackAttachmentLoader(resolver: resolver)
        loader.onChange = { [weak self] state in self?.render(state) }
    }

    /// `collectionView(_:cellForItemAt:)`: shows a message.
    func configure(with parts: [any MessagePart]) { loader.load(parts: parts) }

    /// `collectionView(_:cellForItemAt:)` in a grid of `cellSize`-point cells on a screen of
    /// `screenScale`: shows a message, the rendition that covers the cell's pixels fetched in the
    /// original's place.
    func configure(with parts: [any MessagePart], cellSize: CGSize, screenScale: CGFloat) {
        let pixels = PixelSize(width: cellSize.width * screenScale, height: cellSize.height * screenScale)
        loader.load(parts: parts, displayedPixelSize: pixels, fetchingFullResolution: true)
    }

    /// `prepareForReuse()`: forgets the old message.
    func prepareForReuse() { loader.reset() }

    /// `collectionView(_:didEndDisplaying:forItemAt:)` and `willDisplay`.
    func didEndDisplaying() { loader.disappear() }
    func willDisplay() { loader.appear() }

    private func render(_ state: AttachmentLoadState) {
        MainActor.preconditionIsolated("AttachmentKit calls onChange on the main actor")
        renderCount += 1
        shownContent = state.content
        aspectRatio = state.placeholderSize?.aspectRatio
    }
}

/// The same cell over the `@Observable` ``AttachmentLoader`` (iOS 17), re-rendering when the
/// state it read changes, as SwiftUI does.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ObservingAttachmentCell {
    private(set) var shownContent: PartContent?
    let loader: AttachmentLoader

    init(resolver: AttachmentResolver) {
        loader = AttachmentLoader(resolver: resolver)
        render()
    }

    func configure(with parts: [any MessagePart]) { loader.load(parts: parts) }

    private func render() {
        withObservationTracking {
            shownContent = loader.content
        } onChange: { [weak self] in
            Task { @MainActor in self?.render() }
        }
    }
}
