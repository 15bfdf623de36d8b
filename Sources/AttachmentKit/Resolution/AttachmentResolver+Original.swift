extension AttachmentResolver {
    /// Fetches the original for the events: each part of `fetch` in turn (the chosen rendition,
    /// the larger ones, the original last; see
    /// ``RenditionChain/originalOrder(in:displayedPixels:previewIsShown:)``) until one
    /// is sent, calling `onCompletion` once it has been. A part that fails, its download or the
    /// content check, is reported with ``AttachmentResolver/Event/failed(_:)`` and the next one is
    /// tried; a cancelled one ends the fetch. A part fetched under an automatic byte limit
    /// (``OriginalFetch/automaticByteLimits``) that stops at it is no failure: it waits for a
    /// request, which `awaitsRequest` is told.
    func fetchOriginal(
        _ fetch: OriginalFetch, priority: DownloadPriorityControl, check: ContentCheck,
        into emitter: ResolutionEmitter, awaitsRequest: (@Sendable (Bool) -> Void)?,
        onCompletion: @escaping @Sendable () -> Void
    ) async {
        for part in fetch.parts {
            guard !Task.isCancelled else { return }
            let limit = fetch.automaticByteLimits[part.id]
            var outcome = await fetchOriginal(part, limit: limit, priority: priority, check: check, into: emitter)
            // A caller without a limit that joined a limited transfer as it stopped asks again.
            if outcome == .overLimit, limit == nil {
                outcome = await fetchOriginal(part, limit: nil, priority: priority, check: check, into: emitter)
            }
            switch outcome {
            case .sent:
                onCompletion()
                return
            case .cancelled:
                return
            case .overLimit:
                awaitsRequest?(true)
                return
            case .failed:
                continue
            }
        }
    }

    /// How one part's original fetch ended.
    private enum OriginalOutcome {
        case sent, failed, cancelled, overLimit
    }

    private func fetchOriginal(
        _ part: any MessagePart, limit: Int64?, priority: DownloadPriorityControl, check: ContentCheck,
        into emitter: ResolutionEmitter
    ) async -> OriginalOutcome {
        let relay = part.mimeType.isJPEG ? DisplayablePrefixRelay(partID: part.id, emitter: emitter) : nil
        let onPrefix = relay.map { relay in { @Sendable (progress: TransferProgress) in relay.received(progress) } }
        guard
            let download = await priority.download(
                part, from: downloads, onDisplayablePrefix: onPrefix, automaticByteLimit: limit)
        else { return .cancelled }
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
                    if case .exceedsAutomaticDownloadLimit? = error.underlying as? RemotePartError {
                        outcome = .overLimit
                        continue
                    }
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
