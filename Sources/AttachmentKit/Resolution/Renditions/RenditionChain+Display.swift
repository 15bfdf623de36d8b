extension RenditionChain {
    /// What a view that shows a resolved message at `displayedPixels` fetches in the
    /// original role, in the order to try: the rendition
    /// ``AttachmentResolver/Policy/rendition(for:among:)`` chooses among the message's
    /// ``AttachmentResolver/Resolution/renditions``, then each larger one, the original last, so that
    /// a rendition that fails falls back to the next one up.
    ///
    /// - The preview is never in the list. When it is the choice (it covers the size),
    ///   `previewIsShown` decides: shown (local and passed the check), nothing more is worth a
    ///   download and the list is empty; otherwise the list starts with the next one up.
    /// - Without a size, or with an empty one (a view before its first layout), only the original:
    ///   what the events fetched before sizes were given.
    /// - No original part: empty.
    static func originalOrder(
        in resolution: AttachmentResolver.Resolution, displayedPixels: PixelSize?, previewIsShown: () -> Bool
    ) -> [any MessagePart] {
        guard let original = resolution.original else { return [] }
        guard let displayedPixels, !displayedPixels.isEmpty else { return [original] }
        let chain = RenditionChain(resolution.renditions)
        guard let index = chain.index(for: displayedPixels) else { return [original] }
        let previewID = resolution.usesOnePartForBothRoles ? nil : resolution.preview?.id
        if chain.ordered[index].part.id == previewID, previewIsShown() { return [] }
        let renditions = chain.ordered[index...].map(\.part).filter { $0.id != previewID && $0.id != original.id }
        return renditions + [original]
    }

    /// Whether a view that shows `shownPartID` of `resolution` (`nil`: nothing yet), loaded for
    /// `requestedPixels`, must fetch again now that it shows the picture at `displayedPixels`:
    /// when the first part ``originalOrder(in:displayedPixels:previewIsShown:)`` gives for
    /// the new size comes later in ``AttachmentResolver/Resolution/renditions`` (is larger) than
    /// the part shown and than the first one the load asked for. Never for a smaller size, an
    /// empty one, or a load that asked for the original.
    static func needsLargerFetch(
        in resolution: AttachmentResolver.Resolution, for displayedPixels: PixelSize, requestedPixels: PixelSize?,
        showing shownPartID: PartID?
    ) -> Bool {
        guard !displayedPixels.isEmpty else { return false }
        let previewIsShown = { shownPartID != nil && shownPartID == resolution.preview?.id }
        let needed = originalOrder(
            in: resolution, displayedPixels: displayedPixels, previewIsShown: previewIsShown)
        let requested = originalOrder(
            in: resolution, displayedPixels: requestedPixels, previewIsShown: previewIsShown)
        let chain = resolution.renditions
        func rank(_ id: PartID?) -> Int { id.flatMap { id in chain.firstIndex { $0.part.id == id } } ?? -1 }
        guard let neededID = needed.first?.id else { return false }
        return rank(neededID) > max(rank(shownPartID), rank(requested.first?.id))
    }
}
