extension AttachmentResolver {
    /// Shows an image message step by step: the placeholder size, the preview when it is local
    /// or fetched automatically, the progress of the original's download, and the original, as
    /// ``AttachmentResolver/Event``s in that order; a part that can't be fetched or read is
    /// reported with ``AttachmentResolver/Event/failed(_:)`` and the others go on.
    ///
    /// A part that is not local is fetched through ``downloads`` (shared with every other caller,
    /// looked up in its store first) when ``autoDownload`` allows it, the original also when
    /// `fetchingOriginal` is `true`. Every preview and original passes
    /// ``ImageInspector/verify(_:declaredType:policy:)`` under ``contentPolicy`` before it is
    /// sent. With a `displayedPixelSize`, the original step fetches the rendition
    /// ``AttachmentResolver/Policy/rendition(for:among:)`` chooses for that size, sent as
    /// ``AttachmentResolver/Event/original(_:partID:)`` with its own identity.
    ///
    /// The work starts when the iteration does and stops when it stops (see
    /// ``AttachmentResolver/Events``); transfers other callers share go on. <doc:DownloadLifecycle>
    /// gives every rule: the order, the content check, the placeholder from a header, renditions.
    ///
    /// - Parameters:
    ///   - parts: The message's parts, in any order.
    ///   - displayedPixelSize: The device pixels the picture takes on screen (view points ×
    ///     screen scale × zoom), or `nil` for the original.
    ///   - fetchingOriginal: Whether to download the original (or the chosen rendition) even when
    ///     ``autoDownload`` does not allow it, as when the user opens the image.
    ///   - priority: The priority of the downloads this starts.
    public func events(
        for parts: [any MessagePart], displayedPixelSize: PixelSize? = nil, fetchingOriginal: Bool = false,
        priority: DownloadPriority = .normal
    ) -> AttachmentResolver.Events {
        events(
            for: parts, fetchingOriginal: fetchingOriginal, displayedPixelSize: displayedPixelSize,
            priorityControl: nil, priority: priority)
    }

    /// The events, their downloads registered in `priorityControl` (which gives their priority)
    /// when there is one, so that a loader can move them to another priority while they run;
    /// the original chosen for `displayedPixelSize` when one is given. When each run
    /// starts, `awaitsRequest` is told whether it leaves the original to a request
    /// (``OriginalFetch/awaitsRequest``).
    func events(
        for parts: [any MessagePart], fetchingOriginal: Bool, displayedPixelSize: PixelSize? = nil,
        priorityControl: DownloadPriorityControl?, priority: DownloadPriority = .normal,
        awaitsRequest: (@Sendable (Bool) -> Void)? = nil
    ) -> AttachmentResolver.Events {
        AttachmentResolver.Events { [self] in
            run(
                parts, fetchingOriginal: fetchingOriginal, displayedPixelSize: displayedPixelSize,
                priority: priorityControl ?? DownloadPriorityControl(priority), awaitsRequest: awaitsRequest)
        }
    }

    /// Starts one run of the events: the stream, and the task that produces it.
    private func run(
        _ parts: [any MessagePart], fetchingOriginal: Bool, displayedPixelSize: PixelSize?,
        priority: DownloadPriorityControl, awaitsRequest: (@Sendable (Bool) -> Void)?
    ) -> (AsyncStream<AttachmentResolver.Event>, Task<Void, Never>) {
        let resolution = resolve(parts)
        let isImage = resolution.kind == .image
        let check = ContentCheck(policy: contentPolicy, kind: resolution.kind ?? .image)
        let original = resolution.original
        let localFull = original.flatMap { part in
            part.availableContent.map { check.check($0, of: part, role: .original) }
        }
        // A local video is no picture: its poster is still shown.
        let fullIsShown = isImage && (try? localFull?.get()) != nil
        let placeholder = PlaceholderPlan(resolution, autoDownload: autoDownload)
        let sizeToFetch = placeholder.sizePartToFetch
        let previewPart = resolution.usesOnePartForBothRoles || fullIsShown ? nil : resolution.preview
        let previewToFetch = previewPart.flatMap { part in
            part.availableContent == nil && autoDownload.allowsAutomaticDownload(of: part) ? part : nil
        }
        // Checked here only when the choice of the original depends on it.
        var localPreview: Result<ContentCheck.Accepted, AttachmentResolver.Failure>?
        let fullCandidates =
            localFull != nil
            ? []
            : RenditionChain.originalOrder(in: resolution, displayedPixels: displayedPixelSize) {
                guard let previewPart, let content = previewPart.availableContent else { return false }
                localPreview = check.check(content, of: previewPart, role: .preview)
                return (try? localPreview?.get()) != nil
            }
        let fullFetch = originalFetch(
            fullCandidates, of: resolution, previewPart: previewPart, fetchingOriginal: fetchingOriginal)
        let fullToFetch = fullFetch.parts
        awaitsRequest?(fullFetch.awaitsRequest)
        let (stream, continuation) = AsyncStream.makeStream(of: AttachmentResolver.Event.self)
        let emitter = ResolutionEmitter(
            continuation,
            placeholderStep: placeholder.now != nil
                ? .settled : placeholder.isAwaited ? .awaitingSizePart : .fromFirstImage,
            awaitingPreview: previewToFetch != nil, placeholderHashes: resolution.placeholderHashPart?.hashes,
            // A video's local header details, for a size part still to fetch (see PlaceholderSize.VideoDetails).
            video: resolution.kind == .video ? resolution.placeholderSize?.video ?? PlaceholderSize.VideoDetails() : nil
        )
        if let part = resolution.sizeMetadataPart, let error = resolution.sizeMetadataError {
            emitter.send(.failed(AttachmentResolver.Failure(partID: part.id, role: .sizeMetadata, reason: error)))
        }
        if let failure = resolution.placeholderHashPart?.failure { emitter.send(.failed(failure)) }
        if let now = placeholder.now { emitter.send(.placeholder(now)) }
        let checkedPreview = localPreview
        let task = Task { [self] in
            await withTaskGroup(of: Void.self) { group in
                if let sizeToFetch {
                    group.addTask {
                        await fetchPlaceholder(
                            of: sizeToFetch, isVoice: resolution.kind == .audio, priority: priority, into: emitter)
                    }
                }
                if let video = placeholder.remoteVideo {
                    group.addTask { await placeholder.read(video, into: emitter) }
                }
                if let previewPart, let content = previewPart.availableContent {
                    emitter.send(
                        checkedPreview ?? check.check(content, of: previewPart, role: .preview), role: .preview)
                }
                // Its own task, so that the original arriving first can cancel it.
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
                if let localFull {
                    emitter.send(localFull, role: .original)
                } else if !fullToFetch.isEmpty {
                    group.addTask {
                        await fetchOriginal(fullToFetch, priority: priority, check: check, into: emitter) {
                            if isImage { previewFetch?.cancel() }
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
        of part: any MessagePart, isVoice: Bool, priority: DownloadPriorityControl, into emitter: ResolutionEmitter
    )
        async
    {
        do {
            let content = try await priority.content(for: part, from: downloads)
            if isVoice {
                // A voice message's size part gives its placeholder whole, as a video's header does.
                let read = Result { () throws(ImageSizeMetadata.Error) in
                    try VoicePlaceholderReader.details(of: content)
                }
                return emitter.videoHeaderRead(
                    read.map(VoicePlaceholderReader.placeholder).mapError {
                        AttachmentResolver.Failure(partID: part.id, role: .sizeMetadata, reason: $0)
                    })
            }
            let read = Self.readSizeMetadata(
                LocalPart(id: part.id, mimeType: part.mimeType, content: content), in: policy.sizePartOrientationCode)
            switch read {
            case .success(let metadata)?:
                emitter.sizePartRead(.success(metadata))
            case .failure(let error)?:
                emitter.sizePartRead(
                    .failure(AttachmentResolver.Failure(partID: part.id, role: .sizeMetadata, reason: error)))
            case nil:
                let error = TransferError.notDownloadable(part.id)
                emitter.sizePartRead(
                    .failure(AttachmentResolver.Failure(partID: part.id, role: .sizeMetadata, reason: error)))
            }
        } catch {
            let failure = AttachmentResolver.Failure(partID: part.id, role: .sizeMetadata, reason: error)
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
            emitter.send(.failed(AttachmentResolver.Failure(partID: part.id, role: .preview, reason: error)))
        } catch {}
    }
}
