extension AttachmentLoadState {
    /// Shows a run's event. `isRendition` tells whether a failed part is a rendition offered in
    /// the original's place, which the next one up follows.
    mutating func apply(_ event: AttachmentResolver.Event, isRendition: (PartID) -> Bool) {
        switch event {
        case .placeholder(let size):
            placeholderSize = size
        case .preview(let content, let partID):
            guard !showsOriginal else { return }
            self.content = content
            shownPartID = partID
            if case .placeholder = phase { phase = .preview }
        case .progress(let progress, let partID):
            // A larger one than the shown original is downloading (a size change).
            guard !showsOriginal || partID != shownPartID else { return }
            phase = .downloading(progress)
        case .original(let content, let partID):
            self.content = content
            shownPartID = partID
            showsOriginal = true
            phase = .original
        case .failed(let failure):
            lastFailure = failure
            guard failure.role == .original else { return }
            // The next one up follows a rendition's failure, and may follow a larger one's after
            // a size change: the phase stays as it is (downloading stays downloading, so that a
            // progress UI does not reset) until the next one's progress or content, or the run's
            // end, which settles it.
            guard !isRendition(failure.partID), !showsOriginal else { return }
            phase = .failed(failure)
        }
    }

    /// The run ended: a download still shown as running is over, and a failure nothing replaced
    /// (the original's or the last rendition's, or any when nothing is shown) is the phase.
    mutating func runEnded() {
        isLoading = false
        if case .downloading = phase { settlePhaseAfterStop() }
        if let failure = lastFailure, !isShowingOriginal, content == nil || failure.role == .original {
            phase = .failed(failure)
        }
    }

    /// After a stop: what is shown stays, and the phase says so.
    mutating func settlePhaseAfterStop() {
        switch phase {
        case .downloading, .failed:
            phase = content == nil ? .placeholder : showsOriginal ? .original : .preview
        case .empty, .placeholder, .preview, .original: break
        }
    }

    /// Whether `partID` is one of the renditions a part of `parts` offers
    /// (``MessagePart/renditions``), not one of `parts` itself.
    static func isRendition(_ partID: PartID, offeredIn parts: [any MessagePart]) -> Bool {
        guard !parts.contains(where: { $0.id == partID }) else { return false }
        return parts.contains { $0.renditions.contains { $0.part.id == partID } }
    }
}
