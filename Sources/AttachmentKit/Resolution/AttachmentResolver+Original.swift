extension AttachmentResolver {
    /// Fetches the original for the events: each of `parts` in turn (the chosen rendition,
    /// the larger ones, the original last; see
    /// ``RenditionChain/originalOrder(in:displayedPixels:previewIsShown:)``) until one
    /// is sent, calling `onCompletion` once it has been. A part that fails, its download or the
    /// content check, is reported with ``AttachmentResolver/Event/failed(_:)`` and the next one is tried;
    /// a cancelled one ends the fetch.
    func fetchOriginal(
        _ parts: [any MessagePart], priority: DownloadPriorityControl, check: ContentCheck,
        into emitter: ResolutionEmitter, onCompletion: @escaping @Sendable () -> Void
    ) async {
        for part in parts {
            guard !Task.isCancelled else { return }
            switch await fetchOriginal(part, priority: priority, check: check, into: emitter) {
            case .sent:
                onCompletion()
                return
            case .cancelled:
                return
            case .failed:
                continue
            }
        }
    }

    /// How one part's original fetch ended.
    private enum OriginalOutcome {
        case sent, failed, cancelled
    }

    private func fetchOriginal(
        _ part: any MessagePart, priority: DownloadPriorityControl, check: ContentCheck,
        into emitter: ResolutionEmitter
    ) async -> OriginalOutcome {
        let relay = part.mimeType.isJPEG ? DisplayablePrefixRelay(partID: part.id, emitter: emitter) : nil
        let onPrefix = relay.map { relay in { @Sendable (progress: TransferProgress) in relay.received(progress) } }
        guard let download = await priority.download(part, from: downloads, onDisplayablePrefix: onPrefix) else {
            return .cancelled
        }
        return await withTaskCancellationHandler {
            var outcome = OriginalOutcome.cancelled
            for await state in download.updates() {
                switch state {
                case .downloading(let progress):
                    if let relay { relay.send(progress) } else { emitter.send(.progress(progress, partID: part.id)) }
                case .completed(let content):
                    let checked = check.check(content, of: part, role: .original)
                    emitter.send(checked, role: .original)
                    if case .success = checked { outcome = .sent } else { outcome = .failed }
                case .failed(let error):
                    emitter.send(.failed(AttachmentResolver.Failure(partID: part.id, role: .original, reason: error)))
                    outcome = error.isCancellation ? .cancelled : .failed
                case .idle, .cancelled:
                    break
                }
            }
            return outcome
        } onCancel: {
            download.cancelFromCancellationHandler()
        }
    }
}
