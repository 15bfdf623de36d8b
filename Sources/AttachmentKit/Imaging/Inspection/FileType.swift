import Foundation

/// The type of a file, told from its first bytes alone (never from a name or a declared type):
/// the image formats ``ImageInspector`` reads, the ISO media formats ``ISOMediaInspector``
/// reads, and PDF, ZIP, MP3 and Ogg.
///
/// What is recognised, from at most the first 512 bytes:
/// - images: the magic bytes of each ``ImageFormat``; a HEIF, HEIC or AVIF by an image brand in
///   its `ftyp` box (`heic`, `mif1`, `avif`…);
/// - ISO media: an `ftyp` box whose brands name an ``ISOMediaHeader/Format`` and no image brand, or a
///   QuickTime file without `ftyp` that starts with a `moov`, `mdat` or `wide` box;
/// - PDF: `%PDF-`;
/// - ZIP (and the formats built on it: EPUB, DOCX, XLSX, JAR, APK…): `PK` followed by 3 4 (a
///   local file header), 5 6 (an empty archive) or 7 8 (a spanned archive);
/// - MP3: an ID3v2 tag (`ID3`), or an MPEG audio layer III frame header (11 sync bits, a valid
///   version, bit rate and sample rate);
/// - Ogg: the capture pattern `OggS` of a version 0 page (Opus, Vorbis or any other codec);
/// - anything else is ``other(_:)``, with what it looks like (HTML, text, zeros…).
///
/// A video is never taken for an image nor the reverse: the `ftyp` brands decide, image brands
/// first, as ``ImageInspector`` decides.
public enum FileType: Sendable, Hashable, CustomStringConvertible {
    /// An image in a format ``ImageInspector`` reads.
    case image(ImageFormat)
    /// An ISO media file (a video or an audio file) ``ISOMediaInspector`` reads.
    case isoMedia(ISOMediaHeader.Format)
    /// A PDF document.
    case pdf
    /// A ZIP archive.
    case zip
    /// MP3 audio.
    case mp3
    /// An Ogg file (Opus or Vorbis audio, usually), which ``AudioInspector`` reads.
    case ogg
    /// Content of no type above; the associated value says what it looks like.
    case other(ImageInspector.NonImageContent)

    /// The type of `data`, the content or its first bytes.
    public init(sniffing data: Data) {
        self = data.withUnsafeBytes { FileType(sniffing: $0) }
    }

    /// The type of the content whose first bytes are `prefix`.
    init(sniffing prefix: UnsafeRawBufferPointer) {
        switch FormatSniffer.sniff(prefix) {
        case .image(let format): self = .image(format)
        case .notAnImage(let content): self = Self.nonImage(prefix, content)
        }
    }

    /// The media type of the type: the format's for images and ISO media, `application/pdf`,
    /// `application/zip`, `audio/mpeg`, `audio/ogg`; `nil` for ``other(_:)``.
    public var mimeType: MIMEType? {
        switch self {
        case .image(let format): format.mimeType
        case .isoMedia(let format): format.mimeType
        case .pdf: MIMEType(validatedType: "application", subtype: "pdf", parameters: [:])
        case .zip: MIMEType(validatedType: "application", subtype: "zip", parameters: [:])
        case .mp3: MIMEType(validatedType: "audio", subtype: "mpeg", parameters: [:])
        case .ogg: MIMEType(validatedType: "audio", subtype: "ogg", parameters: [:])
        case .other: nil
        }
    }

    public var description: String {
        switch self {
        case .image(let format): "a \(format) image"
        case .isoMedia(let format): "a \(format) file"
        case .pdf: "a PDF document"
        case .zip: "a ZIP archive"
        case .mp3: "MP3 audio"
        case .ogg: "an Ogg file"
        case .other(let content): "\(content)"
        }
    }

    private static func nonImage(_ prefix: UnsafeRawBufferPointer, _ content: ImageInspector.NonImageContent)
        -> FileType
    {
        let bytes = MagicBytes(prefix)
        if bytes.has(Array("ftyp".utf8), at: 4) {
            let brands = HEIFBrands(ftypPrefix: prefix).all
            if let format = ISOMediaHeader.Format(
                majorBrand: brands.first ?? "", compatibleBrands: Array(brands.dropFirst()))
            {
                return .isoMedia(format)
            }
            return .other(content)
        }
        if ["moov", "mdat", "wide"].contains(where: { bytes.has(Array($0.utf8), at: 4) }),
            let size = bytes.uint32BigEndian(at: 0), size == 1 || size >= 8
        {
            return .isoMedia(.quickTime)
        }
        if case .pdf = content { return .pdf }
        if bytes.starts(with: [0x50, 0x4B]), [[3, 4], [5, 6], [7, 8]].contains(where: { bytes.has($0, at: 2) }) {
            return .zip
        }
        if bytes.starts(with: Array("ID3".utf8)) || isMPEGAudioLayerIII(prefix) { return .mp3 }
        if bytes.starts(with: Array("OggS".utf8) + [0]) { return .ogg }
        return .other(content)
    }

    /// Whether the first four bytes are an MPEG-1, 2 or 2.5 layer III frame header with a valid
    /// bit rate and sample rate (ADTS AAC, whose layer bits are 00, is not).
    private static func isMPEGAudioLayerIII(_ prefix: UnsafeRawBufferPointer) -> Bool {
        guard let header = MagicBytes(prefix).uint32BigEndian(at: 0) else { return false }
        let sync = header >> 21 == 0x7FF
        let version = header >> 19 & 0x3
        let layer = header >> 17 & 0x3
        let bitRate = header >> 12 & 0xF
        let sampleRate = header >> 10 & 0x3
        return sync && version != 1 && layer == 1 && bitRate != 0 && bitRate != 0xF && sampleRate != 3
    }
}
