import AttachmentKit

extension AttachmentResolver.Policy {
    /// The chains of Matrix media messages as ``AttachmentKitMatrix/MatrixMediaClient/parts(for:)`` makes their parts:
    /// every image format `ImageInspector` reads as an image message, MP4, QuickTime, WebM,
    /// Matroska and 3GPP as video messages, each with the thumbnail (`image/jpeg+preview`,
    /// `image/png+preview`, `image/webp+preview` or `image/gif+preview`) as its preview; the
    /// size part from `info`; Ogg, MP3 and M4A audio as voice messages (`Chain.voice`, whose
    /// placeholder is the duration and waveform); any other type (a PDF…) a file message.
    public static let matrix: AttachmentResolver.Policy = {
        let previews = [ImageFormat.jpeg, .png, .webp, .gif].map(\.mimeType.previewVariant)
        var chains = ImageFormat.allCases.map { format in
            Chain(preview: previews + [format.mimeType], original: [format.mimeType])
        }
        chains.append(Chain(preview: previews, original: MatrixMediaClient.videoTypes, kind: .video))
        chains.append(.voice)
        return AttachmentResolver.Policy(chains: chains)
    }()
}

extension MatrixMediaClient {
    /// The video types `AttachmentResolver.Policy.matrix` shows as video messages.
    static let videoTypes: [MIMEType] = ["mp4", "quicktime", "webm", "x-matroska", "3gpp"].compactMap {
        try? MIMEType(type: "video", subtype: $0)
    }
}
