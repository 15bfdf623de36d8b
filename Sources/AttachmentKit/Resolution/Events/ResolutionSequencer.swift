/// Puts the results of a message's concurrent part fetches in the order
/// ``AttachmentResolver/Event`` promises: the placeholder first (later events wait for it, and when no
/// size is known it is read from the first image content's header), the progress of the
/// original after a preview being fetched (only the latest progress waits), no preview or
/// progress after the original. For a video message, the poster may still follow the
/// video (the video is no picture), and every placeholder carries ``PlaceholderSize/video``.
struct ResolutionSequencer {
    /// Where the placeholder step stands.
    enum PlaceholderStep {
        /// Sent, or nothing more can give it.
        case settled
        /// The size part (or a remote video's header) is being fetched: every event waits for it.
        case awaitingSizePart
        /// No size is known: the first image content's header gives it, sent just before that
        /// content.
        case fromFirstImage
    }

    /// An event with, for a preview or original, the image header the content check read.
    struct Pending {
        var event: AttachmentResolver.Event
        var image: ImageOfEvent?
    }

    /// The header of the image a preview or original event carries.
    struct ImageOfEvent {
        var header: ImageHeader
        var partID: PartID
        var isOriginal: Bool
    }

    private var step: PlaceholderStep
    private var held: [Pending] = []
    private var deliveredOriginal = false
    private var awaitingPreview: Bool
    private var heldProgress: AttachmentResolver.Event?
    /// For a video message, what its local header says (empty when it was not read); `nil` for
    /// any other message.
    private let video: PlaceholderSize.VideoDetails?
    private var isVideo: Bool { video != nil }

    /// A sequencer at `step` of the placeholder; progress waits for the preview when
    /// `awaitingPreview` (it is being fetched); `video` for a video message: the details its
    /// local header gives, combined with a fetched size part's by ``PlaceholderSize/VideoDetails``'s rule.
    init(step: PlaceholderStep, awaitingPreview: Bool = false, video: PlaceholderSize.VideoDetails? = nil) {
        self.step = step
        self.awaitingPreview = awaitingPreview
        self.video = video
    }

    /// Everything still held, at the end of the sequence: the preview will not come.
    mutating func finish() -> [AttachmentResolver.Event] {
        var ready = sizePartRead(nil)
        ready += previewSettled()
        return ready
    }

    /// The size part's fetch is over: its metadata, the failure to send instead, or `nil` when
    /// it was cancelled. Returns the placeholder (reconciled with the first held image's header
    /// as ``AttachmentResolver/resolve(_:)`` does) and every event held back.
    mutating func sizePartRead(_ result: Result<ImageSizeMetadata, AttachmentResolver.Failure>?) -> [AttachmentResolver
        .Event]
    {
        let image = held.lazy.compactMap(\.image).first
        return placeholderRead(
            result.map { read in
                read.map { metadata in
                    var size = PlaceholderSizeReader.placeholder(
                        metadata: metadata, header: image.map { ($0.header, $0.partID) },
                        headerIsOriginal: image?.isOriginal ?? false)
                    if let video {
                        size?.video = PlaceholderSize.VideoDetails(sizePartDuration: metadata.duration, header: video)
                    }
                    return size
                }
            })
    }

    /// A remote video's header read is over: the placeholder it gives, the failure to send
    /// instead (the poster's header then gives it), or `nil` when it was cancelled. Returns the
    /// placeholder and every event held back.
    mutating func videoHeaderRead(_ result: Result<PlaceholderSize, AttachmentResolver.Failure>?) -> [AttachmentResolver
        .Event]
    {
        placeholderRead(result.map { $0.map(Optional.some) })
    }

    private mutating func placeholderRead(_ result: Result<PlaceholderSize?, AttachmentResolver.Failure>?)
        -> [AttachmentResolver.Event]
    {
        guard case .awaitingSizePart = step else { return [] }
        var ready: [AttachmentResolver.Event] = []
        switch result {
        case .success(let placeholder):
            ready += placeholder.map { [.placeholder($0)] } ?? []
            step = .settled
        case .failure(let failure):
            ready.append(.failed(failure))
            step = .fromFirstImage
        case nil:
            step = .fromFirstImage
        }
        let waiting = held
        held.removeAll()
        for pending in waiting { ready += receive(pending.event, image: pending.image) }
        return ready
    }

    /// Takes an event that is not the placeholder (with the header of the image it carries, for
    /// a preview or original) and returns what may be sent now.
    mutating func receive(_ event: AttachmentResolver.Event, image: ImageOfEvent? = nil) -> [AttachmentResolver.Event] {
        if case .awaitingSizePart = step {
            if case .progress = event, case .progress? = held.last?.event { held.removeLast() }
            held.append(Pending(event: event, image: image))
            return []
        }
        switch event {
        case .progress:
            guard !deliveredOriginal else { return [] }
            guard !awaitingPreview else {
                heldProgress = event
                return []
            }
            return [event]
        case .preview:
            guard !deliveredOriginal || isVideo else { return [] }
            return placeholder(from: image) + [event] + previewSettled()
        case .original:
            deliveredOriginal = true
            awaitingPreview = false
            heldProgress = nil
            return placeholder(from: image) + [event]
        case .failed(let failure):
            return [event] + (failure.role == .preview ? previewSettled() : [])
        case .placeholder:
            return [event]
        }
    }

    /// The preview has come or will not: the progress it held back.
    mutating func previewSettled() -> [AttachmentResolver.Event] {
        awaitingPreview = false
        defer { heldProgress = nil }
        return heldProgress.map { [$0] } ?? []
    }

    /// The placeholder read from `image`'s header, when the placeholder is still to come from
    /// the first image.
    private mutating func placeholder(from image: ImageOfEvent?) -> [AttachmentResolver.Event] {
        guard case .fromFirstImage = step, let image else { return [] }
        step = .settled
        var size = PlaceholderSizeReader.placeholder(
            metadata: nil, header: (image.header, image.partID), headerIsOriginal: image.isOriginal)
        size?.video = video
        return size.map { [.placeholder($0)] } ?? []
    }
}
