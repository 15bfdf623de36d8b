extension AttachmentResolver {
    /// What a run fetches in the original role, and whether it leaves that role to a
    /// request.
    struct OriginalFetch {
        /// The parts to try in turn: the chosen rendition, the larger ones, the original last.
        var parts: [any MessagePart]
        /// Whether there was something to fetch that ``autoDownload`` did not allow, and none of
        /// it is fetched: the original waits for a request.
        var awaitsRequest: Bool
    }

    /// The original a run fetches among `candidates` (the order of
    /// ``RenditionChain/originalOrder(in:displayedPixels:previewIsShown:)``): all of
    /// them when `fetchingOriginal`, otherwise those ``autoDownload`` allows by the rule
    /// ``AttachmentResolver/AutoDownloadPolicy`` documents. `previewPart` is the preview the run shows or fetches
    /// (`nil` when the message has none of its own); when it is neither local nor allowed, the
    /// message has nothing else to show and the sole-image rule applies, to images only: a video
    /// or a file is fetched unasked only by its type and size.
    func originalFetch(
        _ candidates: [any MessagePart], of resolution: AttachmentResolver.Resolution, previewPart: (any MessagePart)?,
        fetchingOriginal: Bool
    ) -> OriginalFetch {
        guard !fetchingOriginal else { return OriginalFetch(parts: candidates, awaitsRequest: false) }
        let previewWillShow = previewPart.map {
            $0.availableContent != nil || autoDownload.allowsAutomaticDownload(of: $0)
        }
        let originalID = resolution.original?.id
        let allowed = candidates.filter { part in
            autoDownload.allowsAutomaticDownload(ofOriginal: part, kind: resolution.kind)
                || (resolution.kind == .image && previewWillShow != true
                    && autoDownload.allowsSoleImageDownload(of: part, isOriginal: part.id == originalID))
        }
        return OriginalFetch(parts: allowed, awaitsRequest: !candidates.isEmpty && allowed.isEmpty)
    }
}
