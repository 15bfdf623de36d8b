extension RepresentationChain {
    /// What a view that shows a resolved message at `displayedPixels` fetches in the
    /// full-resolution role, in the order to try: the rendition
    /// ``ResolutionPolicy/representation(for:among:)`` chooses among the message's
    /// ``AttachmentResolution/representations``, then each larger one, the original last, so that
    /// a rendition that fails falls back to the next one up.
    ///
    /// - The preview is never in the list. When it is the choice (it covers the size),
    ///   `previewIsShown` decides: shown (local and passed the check), nothing more is worth a
    ///   download and the list is empty; otherwise the list starts with the next one up.
    /// - Without a size, or with an empty one (a view before its first layout), only the original:
    ///   what the events fetched before sizes were given.
    /// - No full-resolution part: empty.
    static func fullResolutionOrder(
        in resolution: AttachmentResolution, displayedPixels: PixelSize?, previewIsShown: () -> Bool
    ) -> [any MessagePart] {
        guard let original = resolution.fullResolution else { return [] }
        guard let displayedPixels, !displayedPixels.isEmpty else { return [original] }
        let chain = RepresentationChain(resolution.representations)
        guard let index = chain.index(for: displayedPixels) else { return [original] }
        let previewID = resolution.usesOnePartForBothRoles ? nil : resolution.preview?.id
        if chain.ordered[index].part.id == previewID, previewIsShown() { return [] }
        let renditions = chain.ordered[index...].map(\.part).filter { $0.id != previewID && $0.id != original.id }
        return renditions + [original]
    }
}
