import AttachmentKit

/// `resolve` on a video message whose video is remote and which has no size part: the
/// placeholder from the video's header, read with ranged requests by the resolver's events (the
/// path an app's cell takes), never by downloading the video.
enum RemoteVideoPlaceholder {
    /// What the header read gave.
    enum Outcome {
        /// The placeholder, with the video's duration and rotation.
        case placeholder(PlaceholderSize)
        /// Why the header could not be read.
        case failed(any Error)
    }

    /// Reads the placeholder of `resolution`'s video from its URL through `downloader`'s rules;
    /// `nil` when there is nothing to read (not a video, a size part, a local video).
    static func read(
        _ parts: [DescribedPart], resolution: AttachmentResolver.Resolution, downloader: RemotePart.Downloader
    ) async -> Outcome? {
        guard resolution.kind == .video, let video = resolution.original as? DescribedPart,
            video.availableContent == nil, let url = video.remoteURL
        else { return nil }
        switch resolution.placeholderSize?.source {
        case .sizeMetadata?, .videoHeader?: return nil
        case .imageHeader?, nil: break
        }
        let remote = RemotePart(
            id: video.id, url: url, mimeType: video.mimeType, byteCount: video.byteCount, downloader: downloader)
        let message: [any MessagePart] = parts.filter { $0.id != video.id && $0.availableContent != nil } + [remote]
        for await event in AttachmentResolver(autoDownload: .none).events(for: message) {
            switch event {
            case .placeholder(let size):
                return size.source == .videoHeader(video.id) ? .placeholder(size) : nil
            case .failed(let failure) where failure.partID == video.id && failure.role == .sizeMetadata:
                return .failed(failure.reason)
            case .preview, .progress, .original, .failed:
                continue
            }
        }
        return nil
    }
}
