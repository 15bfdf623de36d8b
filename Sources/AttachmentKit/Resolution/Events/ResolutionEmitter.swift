/// Sends a message's events to its consumer through a ``ResolutionSequencer``, from the
/// concurrent fetches.
final class ResolutionEmitter: Sendable {
    private let continuation: AsyncStream<AttachmentResolver.Event>.Continuation
    private let sequencer: LockedState<ResolutionSequencer>
    /// The hashes of the message's placeholder part, for a placeholder without a picture.
    private let placeholderHashes: PlaceholderHashes?

    init(
        _ continuation: AsyncStream<AttachmentResolver.Event>.Continuation,
        placeholderStep: ResolutionSequencer.PlaceholderStep,
        awaitingPreview: Bool, placeholderHashes: PlaceholderHashes? = nil, video: PlaceholderSize.VideoDetails? = nil
    ) {
        self.continuation = continuation
        self.placeholderHashes = placeholderHashes
        self.sequencer = LockedState(
            ResolutionSequencer(step: placeholderStep, awaitingPreview: awaitingPreview, video: video))
    }

    /// The size part's fetch is over (see ``ResolutionSequencer/sizePartRead(_:)``).
    func sizePartRead(_ result: Result<ImageSizeMetadata, AttachmentResolver.Failure>?) {
        sequencer.withLock { sequencer in
            for ready in sequencer.sizePartRead(result) { yield(ready) }
        }
    }

    /// A remote video's header read is over (see ``ResolutionSequencer/videoHeaderRead(_:)``).
    func videoHeaderRead(_ result: Result<PlaceholderSize, AttachmentResolver.Failure>?) {
        sequencer.withLock { sequencer in
            for ready in sequencer.videoHeaderRead(result) { continuation.yield(ready) }
        }
    }

    /// Sends an event that carries no image content: a placeholder, progress or a failure.
    func send(_ event: AttachmentResolver.Event) {
        sequencer.withLock { sequencer in
            for ready in sequencer.receive(event) { yield(ready) }
        }
    }

    /// Sends checked content in `role`: the preview or original when it passed the
    /// check, the failure when it did not.
    func send(
        _ checked: Result<ContentCheck.Accepted, AttachmentResolver.Failure>, role: AttachmentResolver.Failure.Role
    ) {
        switch checked {
        case .failure(let failure):
            send(.failed(failure))
        case .success(let accepted):
            let isOriginal = role == .original
            let event: AttachmentResolver.Event =
                isOriginal
                ? .original(accepted.content, partID: accepted.partID)
                : .preview(accepted.content, partID: accepted.partID)
            let image = accepted.image.map {
                ResolutionSequencer.ImageOfEvent(header: $0.header, partID: accepted.partID, isOriginal: isOriginal)
            }
            sequencer.withLock { sequencer in
                for ready in sequencer.receive(event, image: image) { yield(ready) }
            }
        }
    }

    /// The preview's fetch is over, whether it sent anything or not: progress waits no more.
    func previewFetchEnded() {
        sequencer.withLock { sequencer in
            for ready in sequencer.previewSettled() { yield(ready) }
        }
    }

    /// Hands `event` to the consumer, a placeholder with the hash part's picture when it has none.
    private func yield(_ event: AttachmentResolver.Event) {
        if case .placeholder(let size) = event, placeholderHashes != nil {
            continuation.yield(.placeholder(size.filling(from: placeholderHashes)))
        } else {
            continuation.yield(event)
        }
    }

    /// Sends what is still held and ends the sequence.
    func finish() {
        sequencer.withLock { sequencer in
            for ready in sequencer.finish() { yield(ready) }
        }
        continuation.finish()
    }
}
