import AttachmentKit
import Foundation

/// An image viewer without UIKit: a `@MainActor` class that keeps a viewport laid out at the
/// original's size and lets a ``Rendition/Upgrader`` fetch the next rendition up as the user
/// zooms. Compiled in Swift 6 language mode with complete checking, so the upgrader's API must be
/// adoptable from the main actor as it is.
@MainActor
final class ZoomingViewController {
    private(set) var viewport: ZoomViewport
    /// The rendition the image view would draw.
    private(set) var drawn: Rendition?
    private var upgrader: Rendition.Upgrader?

    init(resolution: AttachmentResolver.Resolution, resolver: AttachmentResolver, boundsSize: CGSize) {
        viewport = ZoomViewport(boundsSize: boundsSize, placeholder: resolution.placeholderSize, screenScale: 2)
        let first = resolver.policy.rendition(
            for: viewport.displayedPixelSize, among: resolution.renditions)
        drawn = first
        upgrader = Rendition.Upgrader(
            renditions: resolution.renditions, showing: first, resolver: resolver
        ) { [weak self] rendition, _ in
            MainActor.preconditionIsolated("the upgrader hands content over on the main actor")
            self?.drawn = rendition
            self?.viewport.replaceContent(with: rendition)
        }
    }

    /// A pinch ended at `factor` times the zoom.
    func pinched(by factor: CGFloat) {
        viewport.zoom(by: factor)
        upgrader?.displayedSizeChanged(to: viewport.displayedPixelSize)
    }

    /// The view was dismissed.
    func dismiss() {
        upgrader?.cancel()
        upgrader = nil
    }

    /// Whether a fetch is running.
    var isFetching: Bool { upgrader?.fetching != nil }
}
