extension AttachmentResolver {
    /// Fetches the full resolution for the events: each of `parts` in turn (the chosen rendition,
    /// the larger ones, the original last; see
    /// ``RepresentationChain/fullResolutionOrder(in:displayedPixels:previewIsShown:)``) until one
    /// is sent, calling `onCompletion` once it has been. A part that fails, its download or the
    /// content check, is reported with ``ResolutionEvent/failed(_:)`` and the next one is tried;
    /// a cancelled one ends the fetch.
    func fetchFullResolution(
        _ parts: [any MessagePart], priority: DownloadPriorityControl, check: ContentCheck,
        into emitter: ResolutionEmitter, onCompletion: @escaping @Sendable () -> Void
    ) async {
        for part in parts {
            guard !Task.isCancelled else { return }
            switch await fetchFullResolution(part, priority: priority, check: check, into: emitter) {
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

    /// How one part's full-resolution fetch ended.
    private enum FullResolutionOutcome {
        case sent, failed, cancelled
    }

    private func fetchFullResolution(
        _ part: any MessagePart, priority: DownloadPriorityControl, check: ContentCheck,
        into emitter: ResolutionEmitter
    ) async -> FullResolutionOutcome {
        let relay = part.mimeType.isJPEG ? DisplayablePrefixRelay(partID: part.id, emitter: emitter) : nil
        let onPrefix = relay.map { relay in { @Sendable (progress: TransferProgress) in relay.received(progress) } }
        guard let download = await priority.download(part, from: downloads, onDisplayablePrefix: onPrefix) else {
            return .cancelled
        }
        return await withTaskCancellationHandler {
            var outcome = FullResolutionOutcome.cancelled
            for await state in download.updates() {
                switch state {
                case .downloading(let progress):
                    if let relay { relay.send(progress) } else { emitter.send(.progress(progress, partID: part.id)) }
                case .completed(let content):
                    let checked = check.check(content, of: part, role: .fullResolution)
                    emitter.send(checked, role: .fullResolution)
                    if case .success = checked { outcome = .sent } else { outcome = .failed }
                case .failed(let error):
                    emitter.send(.failed(ResolutionFailure(partID: part.id, role: .fullResolution, reason: error)))
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
