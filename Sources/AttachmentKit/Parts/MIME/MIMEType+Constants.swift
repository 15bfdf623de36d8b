extension MIMEType {
    // Every type Layer's Atlas defined, plus the octet-stream fallback.

    /// `text/plain`: a text message part.
    public static let textPlain = MIMEType(validatedType: "text", subtype: "plain", parameters: [:])
    /// `image/png`: a PNG image.
    public static let imagePNG = MIMEType(validatedType: "image", subtype: "png", parameters: [:])
    /// `image/heic`: a HEIC image.
    public static let imageHEIC = MIMEType(validatedType: "image", subtype: "heic", parameters: [:])
    /// `image/gif`: a GIF image, possibly animated.
    public static let imageGIF = MIMEType(validatedType: "image", subtype: "gif", parameters: [:])
    /// `image/gif+preview`: the preview of a GIF image.
    public static let imageGIFPreview = imageGIF.previewVariant
    /// `image/jpeg`: a JPEG image.
    public static let imageJPEG = MIMEType(validatedType: "image", subtype: "jpeg", parameters: [:])
    /// `image/jpeg+preview`: Atlas's preview, 512 px on the long edge with orientation baked in.
    public static let imageJPEGPreview = imageJPEG.previewVariant
    /// `application/json+imageSize`: `{"width":…,"height":…,"orientation":…}` for an image.
    ///
    /// See ``ImageSizeMetadata``.
    public static let imageSize = MIMEType(validatedType: "application", subtype: "json+imageSize", parameters: [:])
    /// `video/mp4`.
    public static let videoMP4 = MIMEType(validatedType: "video", subtype: "mp4", parameters: [:])
    /// `video/quicktime`.
    public static let videoQuickTime = MIMEType(validatedType: "video", subtype: "quicktime", parameters: [:])
    /// `audio/ogg`: Ogg audio, the container of Opus voice messages.
    public static let audioOgg = MIMEType(validatedType: "audio", subtype: "ogg", parameters: [:])
    /// `audio/mpeg`: MP3 audio.
    public static let audioMPEG = MIMEType(validatedType: "audio", subtype: "mpeg", parameters: [:])
    /// `audio/mp4`: MPEG-4 audio (M4A, AAC).
    public static let audioMP4 = MIMEType(validatedType: "audio", subtype: "mp4", parameters: [:])
    /// `location/coordinate`: a shared location.
    public static let locationCoordinate = MIMEType(validatedType: "location", subtype: "coordinate", parameters: [:])
    /// `text/date`.
    public static let textDate = MIMEType(validatedType: "text", subtype: "date", parameters: [:])
    /// `application/octet-stream`: bytes of unknown type, for adapters whose SDK gives none.
    public static let applicationOctetStream = MIMEType(
        validatedType: "application", subtype: "octet-stream", parameters: [:])
}
