/// How one run of the events gets its placeholder: at once from what ``AttachmentResolver/resolve(_:)``
/// read, from the size part being fetched, or, for a remote video without a size part, from its
/// header read with ranged requests (``RemotePart/MediaHeaderReader``, never a whole download).
///
/// A video's placeholder read from its poster's header is a last resort: a size part to fetch or
/// a remote header comes first, and the poster's header gives the size only when they fail.
struct PlaceholderPlan: Sendable {
    /// The placeholder to send at once, if any.
    let now: PlaceholderSize?
    /// The size part to fetch for it, if any.
    let sizePartToFetch: (any MessagePart)?
    /// The remote video whose header gives it, if any.
    let remoteVideo: RemotePart?

    init(_ resolution: AttachmentResolver.Resolution, autoDownload: AttachmentResolver.AutoDownloadPolicy) {
        var known = resolution.placeholderSize
        if resolution.kind == .video, case .imageHeader? = known?.source { known = nil }
        let sizePart = known == nil ? resolution.sizeMetadataPart : nil
        sizePartToFetch = sizePart.flatMap { part in
            part.availableContent == nil && autoDownload.allowsAutomaticDownload(of: part) ? part : nil
        }
        remoteVideo =
            known == nil && sizePartToFetch == nil && resolution.kind == .video
            ? resolution.original as? RemotePart : nil
        now = known ?? (sizePartToFetch == nil && remoteVideo == nil ? resolution.placeholderSize : nil)
    }

    /// Whether every event waits for a fetch that gives the placeholder.
    var isAwaited: Bool { now == nil && (sizePartToFetch != nil || remoteVideo != nil) }

    /// Reads `video`'s header through its downloader's transport and rules, with its hooks'
    /// headers, and hands the placeholder to `emitter`: a failure is sent with role
    /// ``AttachmentResolver/Failure/Role/sizeMetadata`` and the poster's header then gives the size.
    func read(_ video: RemotePart, into emitter: ResolutionEmitter) async {
        let reader = RemotePart.MediaHeaderReader(
            transport: video.downloader.transport, configuration: video.downloader.configuration)
        do {
            let headers = try await video.hooks.headers?(video.url) ?? HTTPHeaders()
            let header = try await reader.inspect(video.url, headers: headers)
            emitter.videoHeaderRead(VideoPlaceholderReader.placeholder(from: header, of: video.id).map { .success($0) })
        } catch {
            guard !Task.isCancelled else { return emitter.videoHeaderRead(nil) }
            emitter.videoHeaderRead(
                .failure(AttachmentResolver.Failure(partID: video.id, role: .sizeMetadata, reason: error)))
        }
    }
}
