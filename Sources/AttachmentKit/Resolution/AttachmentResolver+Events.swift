extension AttachmentResolver {
    /// Shows an image message step by step: the placeholder size, the preview when it is
    /// local or fetched automatically, the progress of the full-resolution download, and the
    /// full-resolution content, as ``ResolutionEvent``s in that order.
    ///
    /// Local content is sent without a download. A part that is not local is fetched through
    /// ``downloads`` (shared with every other caller of the same part, and looked up in its
    /// store first) when ``autoDownload`` allows it; the full resolution also when
    /// `fetchingFullResolution` is `true`. When the full resolution is local, the preview is
    /// skipped, and a preview download still running when the full resolution arrives is
    /// cancelled (for this consumer). A part that can't be fetched or read is reported with
    /// ``ResolutionEvent/failed(_:)`` and the others go on. The sequence ends when nothing
    /// more will come. Stopping the iteration (or cancelling its task) cancels this
    /// consumer's downloads; transfers other callers share go on.
    ///
    /// - Parameters:
    ///   - parts: The message's parts, in any order.
    ///   - fetchingFullResolution: Whether to download the original even when
    ///     ``autoDownload`` does not allow it, as when the user opens the image.
    ///   - priority: The priority of the downloads this starts.
    public func events(
        for parts: [any MessagePart], fetchingFullResolution: Bool = false, priority: DownloadPriority = .normal
    ) -> AsyncStream<ResolutionEvent> {
        let resolution = resolve(parts)
        let fullResolution = resolution.fullResolution
        let fullIsLocal = fullResolution?.availableContent != nil
        let sizePart = resolution.placeholderSize == nil ? resolution.sizeMetadataPart : nil
        let sizeToFetch = sizePart.flatMap { part in
            part.availableContent == nil && autoDownload.allowsAutomaticDownload(of: part) ? part : nil
        }
        let previewPart = resolution.usesOnePartForBothRoles || fullIsLocal ? nil : resolution.preview
        let (stream, continuation) = AsyncStream.makeStream(of: ResolutionEvent.self)
        let emitter = ResolutionEmitter(continuation, awaitingPlaceholder: sizeToFetch != nil)
        if let placeholder = resolution.placeholderSize {
            emitter.settlePlaceholder(.placeholder(placeholder))
        } else if let sizePart, let error = resolution.sizeMetadataError {
            emitter.settlePlaceholder(
                .failed(ResolutionFailure(partID: sizePart.id, role: .sizeMetadata, reason: error)))
        }
        let task = Task { [self] in
            await withTaskGroup(of: Void.self) { group in
                if let sizeToFetch {
                    group.addTask { await fetchPlaceholder(of: sizeToFetch, priority: priority, into: emitter) }
                }
                if let previewPart, let content = previewPart.availableContent {
                    emitter.send(.preview(content, partID: previewPart.id))
                }
                // Its own task, so that the full resolution arriving first can cancel it.
                let previewFetch = previewPart.flatMap { part in
                    part.availableContent == nil && autoDownload.allowsAutomaticDownload(of: part)
                        ? Task { await fetchPreview(part, priority: priority, into: emitter) } : nil
                }
                if let previewFetch {
                    group.addTask {
                        await withTaskCancellationHandler {
                            await previewFetch.value
                        } onCancel: {
                            previewFetch.cancel()
                        }
                    }
                }
                if let fullResolution {
                    if let content = fullResolution.availableContent {
                        emitter.send(.fullResolution(content, partID: fullResolution.id))
                    } else if fetchingFullResolution || autoDownload.allowsAutomaticDownload(of: fullResolution) {
                        group.addTask {
                            await fetchFullResolution(fullResolution, priority: priority, into: emitter) {
                                previewFetch?.cancel()
                            }
                        }
                    }
                }
            }
            emitter.settlePlaceholder(nil)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func fetchPlaceholder(of part: any MessagePart, priority: DownloadPriority, into emitter: ResolutionEmitter)
        async
    {
        do {
            let content = try await downloads.content(for: part, priority: priority)
            let read = resolve([LocalPart(id: part.id, mimeType: part.mimeType, content: content)])
            if let placeholder = read.placeholderSize {
                emitter.settlePlaceholder(.placeholder(placeholder))
            } else {
                let reason: any Error = read.sizeMetadataError ?? MessagePartError.notDownloadable(part.id)
                emitter.settlePlaceholder(
                    .failed(ResolutionFailure(partID: part.id, role: .sizeMetadata, reason: reason)))
            }
        } catch {
            let failure = ResolutionFailure(partID: part.id, role: .sizeMetadata, reason: error)
            emitter.settlePlaceholder(error.isCancellation ? nil : .failed(failure))
        }
    }

    private func fetchPreview(_ part: any MessagePart, priority: DownloadPriority, into emitter: ResolutionEmitter)
        async
    {
        do {
            emitter.send(.preview(try await downloads.content(for: part, priority: priority), partID: part.id))
        } catch  where !error.isCancellation {
            emitter.send(.failed(ResolutionFailure(partID: part.id, role: .preview, reason: error)))
        } catch {}
    }

    /// Fetches the full resolution, calling `onCompletion` once it has been sent.
    private func fetchFullResolution(
        _ part: any MessagePart, priority: DownloadPriority, into emitter: ResolutionEmitter,
        onCompletion: @escaping @Sendable () -> Void
    )
        async
    {
        let download = await downloads.download(part, priority: priority)
        await withTaskCancellationHandler {
            for await state in download.updates() {
                switch state {
                case .downloading(let progress):
                    emitter.send(.progress(progress, partID: part.id))
                case .completed(let content):
                    emitter.send(.fullResolution(content, partID: part.id))
                    onCompletion()
                case .failed(let error):
                    emitter.send(.failed(ResolutionFailure(partID: part.id, role: .fullResolution, reason: error)))
                case .idle, .cancelled:
                    break
                }
            }
        } onCancel: {
            download.cancel()
        }
    }
}

/// Sends a message's events to its consumer through a ``ResolutionSequencer``, from the
/// concurrent fetches.
private final class ResolutionEmitter: Sendable {
    private let continuation: AsyncStream<ResolutionEvent>.Continuation
    private let sequencer: LockedState<ResolutionSequencer>

    init(_ continuation: AsyncStream<ResolutionEvent>.Continuation, awaitingPlaceholder: Bool) {
        self.continuation = continuation
        self.sequencer = LockedState(ResolutionSequencer(awaitingPlaceholder: awaitingPlaceholder))
    }

    func settlePlaceholder(_ event: ResolutionEvent?) {
        sequencer.withLock { sequencer in
            for ready in sequencer.placeholderSettled(event) { continuation.yield(ready) }
        }
    }

    func send(_ event: ResolutionEvent) {
        sequencer.withLock { sequencer in
            for ready in sequencer.receive(event) { continuation.yield(ready) }
        }
    }
}
