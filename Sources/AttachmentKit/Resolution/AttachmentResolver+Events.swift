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
    /// more will come.
    ///
    /// The work starts when the iteration does, and stops when it stops: leaving the loop
    /// (`break`, `return`, a thrown error), cancelling the iterating task, or the sequence's
    /// end cancels this consumer's downloads, in a function or in top-level code alike;
    /// transfers other callers share go on (see ``ResolutionEvents``).
    ///
    /// Every preview and full-resolution content, local or downloaded, passes
    /// ``ImageInspector/verify(_:declaredType:policy:)`` under ``contentPolicy`` before it is
    /// sent. Content that fails is never sent: a ``ResolutionEvent/failed(_:)`` takes its place,
    /// whose ``ResolutionFailure/reason`` is the ``ImageVerificationError``: not an image,
    /// too many pixels (a decompression bomb), a mislabelled type under
    /// ``ImageContentPolicy/TypeMismatchHandling/reject``, a damaged header, or a file that
    /// can't be read. A mislabelled image is sent as it is under the default
    /// ``ImageContentPolicy/TypeMismatchHandling/acceptCorrectedType`` (decoders read the format
    /// from the bytes). A local original that fails leaves the preview to be shown. The check
    /// reads only the header, a few kilobytes and never more than
    /// ``ImageInspector/maximumByteCount``, and decodes nothing; for local content it runs when the
    /// iteration starts (the original) or in the sequence's task (the preview).
    ///
    /// When neither the size part nor a local image gives the placeholder, it is read from the
    /// header of the first image content that passes the check, the preview or the original,
    /// whichever comes first, and sent once, just before that content. A size part being
    /// fetched holds every event back until it is read; its size is then reconciled with the
    /// header of the content that arrived meanwhile, by the rule of ``resolve(_:)``.
    ///
    /// - Parameters:
    ///   - parts: The message's parts, in any order.
    ///   - fetchingFullResolution: Whether to download the original even when
    ///     ``autoDownload`` does not allow it, as when the user opens the image.
    ///   - priority: The priority of the downloads this starts.
    public func events(
        for parts: [any MessagePart], fetchingFullResolution: Bool = false, priority: DownloadPriority = .normal
    ) -> ResolutionEvents {
        events(for: parts, fetchingFullResolution: fetchingFullResolution, priorityControl: nil, priority: priority)
    }

    /// The events, their downloads registered in `priorityControl` (which gives their priority)
    /// when there is one, so that a loader can move them to another priority while they run.
    func events(
        for parts: [any MessagePart], fetchingFullResolution: Bool, priorityControl: DownloadPriorityControl?,
        priority: DownloadPriority = .normal
    ) -> ResolutionEvents {
        ResolutionEvents { [self] in
            run(
                parts, fetchingFullResolution: fetchingFullResolution,
                priority: priorityControl ?? DownloadPriorityControl(priority))
        }
    }

    /// Starts one run of the events: the stream, and the task that produces it.
    private func run(_ parts: [any MessagePart], fetchingFullResolution: Bool, priority: DownloadPriorityControl) -> (
        AsyncStream<ResolutionEvent>, Task<Void, Never>
    ) {
        let resolution = resolve(parts)
        let check = ContentCheck(policy: contentPolicy)
        let fullResolution = resolution.fullResolution
        let localFull = fullResolution.flatMap { part in
            part.availableContent.map { check.check($0, of: part, role: .fullResolution) }
        }
        let fullIsShown = (try? localFull?.get()) != nil
        let sizePart = resolution.placeholderSize == nil ? resolution.sizeMetadataPart : nil
        let sizeToFetch = sizePart.flatMap { part in
            part.availableContent == nil && autoDownload.allowsAutomaticDownload(of: part) ? part : nil
        }
        let previewPart = resolution.usesOnePartForBothRoles || fullIsShown ? nil : resolution.preview
        let previewToFetch = previewPart.flatMap { part in
            part.availableContent == nil && autoDownload.allowsAutomaticDownload(of: part) ? part : nil
        }
        let (stream, continuation) = AsyncStream.makeStream(of: ResolutionEvent.self)
        let emitter = ResolutionEmitter(
            continuation,
            placeholderStep: resolution.placeholderSize != nil
                ? .settled : sizeToFetch != nil ? .awaitingSizePart : .fromFirstImage,
            awaitingPreview: previewToFetch != nil)
        if let part = resolution.sizeMetadataPart, let error = resolution.sizeMetadataError {
            emitter.send(.failed(ResolutionFailure(partID: part.id, role: .sizeMetadata, reason: error)))
        }
        if let placeholder = resolution.placeholderSize { emitter.send(.placeholder(placeholder)) }
        let task = Task { [self] in
            await withTaskGroup(of: Void.self) { group in
                if let sizeToFetch {
                    group.addTask { await fetchPlaceholder(of: sizeToFetch, priority: priority, into: emitter) }
                }
                if let previewPart, let content = previewPart.availableContent {
                    emitter.send(check.check(content, of: previewPart, role: .preview), role: .preview)
                }
                // Its own task, so that the full resolution arriving first can cancel it.
                let previewFetch = previewToFetch.map { part in
                    Task { await fetchPreview(part, priority: priority, check: check, into: emitter) }
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
                    if let localFull {
                        emitter.send(localFull, role: .fullResolution)
                    } else if fetchingFullResolution || autoDownload.allowsAutomaticDownload(of: fullResolution) {
                        group.addTask {
                            await fetchFullResolution(fullResolution, priority: priority, check: check, into: emitter) {
                                previewFetch?.cancel()
                            }
                        }
                    }
                }
            }
            emitter.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return (stream, task)
    }

    private func fetchPlaceholder(
        of part: any MessagePart, priority: DownloadPriorityControl, into emitter: ResolutionEmitter
    )
        async
    {
        do {
            let content = try await priority.content(for: part, from: downloads)
            let read = Self.readSizeMetadata(LocalPart(id: part.id, mimeType: part.mimeType, content: content))
            switch read {
            case .success(let metadata)?:
                emitter.sizePartRead(.success(metadata))
            case .failure(let error)?:
                emitter.sizePartRead(.failure(ResolutionFailure(partID: part.id, role: .sizeMetadata, reason: error)))
            case nil:
                let error = MessagePartError.notDownloadable(part.id)
                emitter.sizePartRead(.failure(ResolutionFailure(partID: part.id, role: .sizeMetadata, reason: error)))
            }
        } catch {
            let failure = ResolutionFailure(partID: part.id, role: .sizeMetadata, reason: error)
            emitter.sizePartRead(error.isCancellation ? nil : .failure(failure))
        }
    }

    private func fetchPreview(
        _ part: any MessagePart, priority: DownloadPriorityControl, check: ContentCheck, into emitter: ResolutionEmitter
    ) async {
        defer { emitter.previewFetchEnded() }
        do {
            let content = try await priority.content(for: part, from: downloads)
            emitter.send(check.check(content, of: part, role: .preview), role: .preview)
        } catch  where !error.isCancellation {
            emitter.send(.failed(ResolutionFailure(partID: part.id, role: .preview, reason: error)))
        } catch {}
    }

    /// Fetches the full resolution, calling `onCompletion` once it has been sent (not when it
    /// failed the content check).
    private func fetchFullResolution(
        _ part: any MessagePart, priority: DownloadPriorityControl, check: ContentCheck,
        into emitter: ResolutionEmitter,
        onCompletion: @escaping @Sendable () -> Void
    )
        async
    {
        guard let download = await priority.download(part, from: downloads) else { return }
        await withTaskCancellationHandler {
            for await state in download.updates() {
                switch state {
                case .downloading(let progress):
                    emitter.send(.progress(progress, partID: part.id))
                case .completed(let content):
                    let checked = check.check(content, of: part, role: .fullResolution)
                    emitter.send(checked, role: .fullResolution)
                    if case .success = checked { onCompletion() }
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
