extension AttachmentResolver {
    /// What a run fetches in the full-resolution role, and whether it leaves that role to a
    /// request.
    struct FullResolutionFetch {
        /// The parts to try in turn: the chosen rendition, the larger ones, the original last.
        var parts: [any MessagePart]
        /// Whether there was something to fetch that ``autoDownload`` did not allow, and none of
        /// it is fetched: the full resolution waits for a request.
        var awaitsRequest: Bool
    }

    /// The full resolution a run fetches among `candidates` (the order of
    /// ``RepresentationChain/fullResolutionOrder(in:displayedPixels:previewIsShown:)``): all of
    /// them when `fetchingFullResolution`, otherwise those ``autoDownload`` allows by the rule
    /// ``AutoDownloadPolicy`` documents. `previewPart` is the preview the run shows or fetches
    /// (`nil` when the message has none of its own); when it is neither local nor allowed, the
    /// message has nothing else to show and the sole-image rule applies, to images only: a video
    /// or a file is fetched unasked only by its type and size.
    func fullResolutionFetch(
        _ candidates: [any MessagePart], of resolution: AttachmentResolution, previewPart: (any MessagePart)?,
        fetchingFullResolution: Bool
    ) -> FullResolutionFetch {
        guard !fetchingFullResolution else { return FullResolutionFetch(parts: candidates, awaitsRequest: false) }
        let previewWillShow = previewPart.map {
            $0.availableContent != nil || autoDownload.allowsAutomaticDownload(of: $0)
        }
        let originalID = resolution.fullResolution?.id
        let allowed = candidates.filter { part in
            autoDownload.allowsAutomaticDownload(ofFullResolution: part, kind: resolution.kind)
                || (resolution.kind == .image && previewWillShow != true
                    && autoDownload.allowsSoleImageDownload(of: part, isOriginal: part.id == originalID))
        }
        return FullResolutionFetch(parts: allowed, awaitsRequest: !candidates.isEmpty && allowed.isEmpty)
    }
}
