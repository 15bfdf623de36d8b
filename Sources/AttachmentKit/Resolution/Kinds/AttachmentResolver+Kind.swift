extension AttachmentResolver {
    /// What a message's attachment is, which decides how a cell shows it: a picture, a video
    /// behind its poster, a voice message by its length and bars, or a file by its name, type and
    /// size.
    ///
    /// The resolver reads it from the ``AttachmentResolver/Policy/Chain/kind`` of the chain it picks, or
    /// ``file`` when no chain matches and the message has a part of another type (see
    /// ``AttachmentResolver/Policy/nonFileTypes``).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A photo: a preview, then the original image.
        case image
        /// A video (`video/mp4`, `video/quicktime`): its poster image as the preview, its size and
        /// duration before any of it is downloaded (``PlaceholderSize/video``), and the video itself
        /// as the original, downloaded on request.
        case video
        /// A voice message or other audio (`audio/ogg`, `audio/mpeg`, `audio/mp4`,
        /// ``AttachmentResolver/Policy/Chain/voice``): its duration and waveform before any of it
        /// is downloaded (``PlaceholderSize/voice``), and the audio itself as the original,
        /// downloaded on request. Read it by its bytes (``AudioInspector``), not by its declared type.
        case audio
        /// Any other file (a PDF, an archive, audio of a type no chain names): its part's
        /// ``MessagePart/fileName``, ``MessagePart/mimeType`` and ``MessagePart/byteCount``, and its
        /// content as the original, downloaded on request.
        case file
    }
}
