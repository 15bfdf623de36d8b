extension AttachmentLoadEngine {
    /// What a run loads: the message's parts, whether the original is fetched, and the size it
    /// is shown at, which chooses the rendition fetched in the original's place. A size change
    /// (``AttachmentLoadEngine/displayedPixelSizeChanged(to:)``) replaces the size only with one
    /// that needs a larger rendition.
    struct Request {
        var parts: [any MessagePart]
        var fetchingOriginal: Bool
        var displayedPixelSize: PixelSize?
    }
}
