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
    /// The part whose content the image view would show.
    private(set) var shownPartID: PartID?
    /// How many times the cell re-rendered.
    private(set) var renderCount = 0
    /// Whether the image view was ever emptied while a message was shown (a flash).
    private(set) var wentBlank = false
    /// The cell's bounds, in points, as UIKit would set them.
    var bounds = CGRect.zero
    /// The screen the cell is on (UIKit's `traitCollection`).
    var traitCollection = TraitCollection(displayScale: 3)
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
        loader.load(parts: parts, displayedPixelSize: pixels, fetchingOriginal: true)
    }

    /// `layoutSubviews()` after the bounds changed (a rotation, a resize), with the calls of the
    /// article "Showing attachments in a list", "When the cell's size changes", as written there.
    func layoutSubviews() {
        let scale = traitCollection.displayScale
        let pixels = PixelSize(width: bounds.width * scale, height: bounds.height * scale)
        loader.displayedPixelSizeChanged(to: pixels)  // nothing happens when the size is covered
    }

    /// `prepareForReuse()`: forgets the old message.
    func prepareForReuse() {
        loader.reset()
        wentBlank = false  // the reset clears the image on purpose
    }

    /// `collectionView(_:didEndDisplaying:forItemAt:)` and `willDisplay`.
    func didEndDisplaying() { loader.disappear() }
    func willDisplay() { loader.appear() }

    private func render(_ state: AttachmentLoadState) {
        MainActor.preconditionIsolated("AttachmentKit calls onChange on the main actor")
        renderCount += 1
        if shownContent != nil, state.content == nil { wentBlank = true }
        shownContent = state.content
        shownPartID = state.shownPartID
        aspectRatio = state.placeholderSize?.aspectRatio
    }
}

/// UIKit's `UITraitCollection`, as far as the cell reads it.
struct TraitCollection {
    var displayScale: CGFloat
}

/// The same cell over the `@Observable` ``AttachmentLoader`` (iOS 17), re-rendering when the
/// state it read changes, as SwiftUI does.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ObservingAttachmentCell {
    private(set) var shownContent: PartContent?
    let loader: AttachmentLoader
    /// SwiftUI's `@Environment(\.displayScale)`.
    var displayScale: CGFloat = 3

    init(resolver: AttachmentResolver) {
        loader = AttachmentLoader(resolver: resolver)
        render()
    }

    func configure(with parts: [any MessagePart]) { loader.load(parts: parts) }

    /// The SwiftUI row's `onAppear` (snippet `ShowAttachmentsInAList`): loads the message for
    /// the row's pixels the first time; afterwards restores the loader's priority.
    func appear(at size: CGSize, parts: [any MessagePart]) {
        guard case .empty = loader.phase else {
            loader.appear()
            return
        }
        let pixels = PixelSize(width: size.width * displayScale, height: size.height * displayScale)
        loader.load(parts: parts, displayedPixelSize: pixels, fetchingOriginal: true)
    }

    /// The SwiftUI row's `onChange(of: proxy.size)`, the article's call as written there.
    func sizeChanged(to size: CGSize) {
        loader.displayedPixelSizeChanged(
            to: PixelSize(width: size.width * displayScale, height: size.height * displayScale))
    }

    private func render() {
        withObservationTracking {
            shownContent = loader.content
        } onChange: { [weak self] in
            Task { @MainActor in self?.render() }
        }
    }
}
