/// What a message's attachment is, which decides how a cell shows it: a picture, a video
/// behind its poster, or a file by its name, type and size.
///
/// The resolver reads it from the ``AttachmentResolver/Policy/Chain/kind`` of the chain it picks, or
/// ``file`` when no chain matches and the message has a part of another type (see
/// ``AttachmentResolver/Policy/nonFileTypes``).
public enum AttachmentKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A photo: a preview, then the original image.
    case image
    /// A video (`video/mp4`, `video/quicktime`): its poster image as the preview, its size and
    /// duration before any of it is downloaded (``PlaceholderSize/video``), and the video itself
    /// as the original, downloaded on request.
    case video
    /// Any other file (a PDF, an archive, an audio file): its part's
    /// ``MessagePart/fileName``, ``MessagePart/mimeType`` and ``MessagePart/byteCount``, and its
    /// content as the original, downloaded on request.
    case file

    public var description: String { rawValue }
}
