import Foundation

extension AttachmentResolver.Policy {
    /// The smallest rendition that covers `displayedPixels`: the device pixels the picture
    /// takes on screen, view points × screen scale × zoom (``ZoomViewport/displayedPixelSize`` in
    /// a viewer, ``PixelSize/decodeTarget(forViewOfSize:screenScale:zoom:fit:)`` of the original's
    /// size for a cell).
    ///
    /// ```swift
    /// let resolution = AttachmentResolver().resolve(message.parts)
    /// let needed = placeholder.displayedSize
    ///     .decodeTarget(forViewOfSize: cell.bounds.size, screenScale: 3)
    /// let choice = AttachmentResolver.Policy.default.rendition(for: needed, among: resolution.renditions)
    /// ```
    ///
    /// A rendition covers the size when it is at least as large in both dimensions, within
    /// half a pixel of rounding; an exact match is chosen. The list may come in any order and the
    /// result does not depend on it. Neutral results, never a trap:
    /// - when none covers the size, the original: the first rendition of unknown size (an
    ///   empty ``Rendition/pixelSize``), or else the largest;
    /// - an empty displayed size (zero, negative or NaN: a view before its first layout) gives
    ///   the smallest;
    /// - of two with the same part identity, or with the same pixel size, the first in the list
    ///   counts and the other is ignored;
    /// - no renditions give `nil`.
    public func rendition(
        for displayedPixels: PixelSize, among renditions: [Rendition]
    ) -> Rendition? {
        let chain = RenditionChain(renditions)
        return chain.index(for: displayedPixels).map { chain.ordered[$0] }
    }
}
