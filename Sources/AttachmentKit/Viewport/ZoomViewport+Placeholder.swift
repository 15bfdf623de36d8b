import Foundation

extension ZoomViewport {
    /// The viewport for a chat message's image, laid out at the original's size from the first
    /// frame: the one to use when a preview is shown before the original.
    ///
    /// The image is laid out at `placeholder`'s displayed size (``PixelSize/init(displayedSizeOf:)-(PlaceholderSize)``)
    /// at image scale 1, so the zoom limits, the zoom, the inset and the offset are the
    /// original's. Draw whatever content is here scaled to ``imageSize`` — the preview first,
    /// stretched, then the original — and when the original arrives, call
    /// ``replaceContent(pixelSize:imageScale:)`` with its pixel size: it is the same size, and
    /// every output stays exactly as it was, so nothing moves on screen.
    ///
    /// ```swift
    /// let placeholder = AttachmentResolver().resolve(parts).placeholderSize
    /// var viewport = ZoomViewport(boundsSize: bounds, placeholder: placeholder, screenScale: 3)
    /// imageView.image = preview                       // drawn at viewport.imageSize
    /// // … the original arrives:
    /// viewport.replaceContent(pixelSize: PixelSize(original))   // changes nothing
    /// ```
    ///
    /// The original's size is known when the placeholder comes from the message's size part
    /// (``PlaceholderSize/Source/sizeMetadata``) or from the original's own header. A
    /// placeholder read from the preview's header is the preview's size; the original then
    /// corrects it through ``replaceContent(pixelSize:imageScale:)`` (see <doc:Zooming>). With
    /// no placeholder yet, the viewport is neutral until one arrives
    /// (``replaceContent(pixelSize:imageScale:)`` then starts it afresh).
    ///
    /// - Parameters:
    ///   - boundsSize: The visible area in points, after safe-area insets.
    ///   - placeholder: The image's placeholder size, from ``AttachmentResolver/Resolution/placeholderSize``
    ///     or the first ``AttachmentResolver/Event/placeholder(_:)``; `nil` when none is known.
    ///   - screenScale: Device pixels per view point.
    ///   - policy: How to choose the zoom limits; PhotoScroller's aspect fit by default.
    public init(
        boundsSize: CGSize, placeholder: PlaceholderSize?, screenScale: DisplayScale,
        policy: ZoomViewport.Policy = .aspectFit
    ) {
        self.init(
            boundsSize: boundsSize, pixelSize: placeholder.map(PixelSize.init(displayedSizeOf:)) ?? .zero,
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
