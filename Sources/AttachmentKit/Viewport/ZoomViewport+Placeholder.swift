import Foundation

extension ZoomViewport {
    /// The viewport for a chat message's image, laid out at the original's size from the first
    /// frame: the one to use when a preview is shown before the original.
    ///
    /// Every output is the original's: draw the content scaled to ``imageSize`` (the preview
    /// stretched, then the original), which then replaces it without a change on screen.
    ///
    /// ```swift
    /// let placeholder = AttachmentResolver().resolve(parts).placeholderSize
    /// var viewport = ZoomViewport(boundsSize: bounds, placeholder: placeholder, screenScale: 3)
    /// imageView.image = preview                       // drawn at viewport.imageSize
    /// // … the original arrives:
    /// viewport.replaceContent(pixelSize: PixelSize(original))   // changes nothing
    /// ```
    ///
    /// A placeholder read from the preview's header is the preview's size, which the original
    /// corrects through ``replaceContent(pixelSize:imageScale:)``; with no placeholder the
    /// viewport is neutral until then (see <doc:Zooming>).
    ///
    /// - Parameters:
    ///   - boundsSize: The visible area in points, after safe-area insets.
    ///   - placeholder: The image's placeholder size, from ``AttachmentResolver/Resolution/placeholderSize``
    ///     or the first ``AttachmentResolver/Event/placeholder(_:)``; `nil` when none is known.
    ///   - screenScale: Device pixels per view point.
    ///   - policy: How to choose the zoom limits; aspect fit by default.
    public init(
        boundsSize: CGSize, placeholder: PlaceholderSize?, screenScale: DisplayScale,
        policy: ZoomViewport.Policy = .aspectFit
    ) {
        self.init(
            boundsSize: boundsSize, pixelSize: placeholder?.displayedSize ?? .zero,
            imageScale: 1, screenScale: screenScale, policy: policy)
    }

    /// Shows a different image — the user moved to another photo — at the policy's initial
    /// zoom and position, as the classic viewer does when its image changes (see
    /// ``ZoomViewport/Policy/classicViewer``): the limits are recomputed and ``reset()`` runs.
    ///
    /// Use ``replaceContent(pixelSize:imageScale:)`` instead for the same picture at another
    /// resolution (the original replacing its preview), which keeps what is on screen.
    public mutating func showImage(pixelSize: PixelSize, imageScale: DisplayScale = 1) {
        self.pixelSize = pixelSize
        self.imageScale = imageScale
        recomputeLimits()
        reset()
    }
}
