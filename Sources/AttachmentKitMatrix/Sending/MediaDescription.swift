import AttachmentKit
import Foundation

/// What a composed attachment's `info` says, read by the inspectors from its files' headers: the
/// message type, the media type, the displayed size (orientation or rotation applied), the
/// duration in milliseconds, whether an image is animated, and the size part's BlurHash or a
/// voice message's duration and waveform.
struct MediaDescription: Sendable {
    var messageType: MatrixMediaContent.MessageType = .file
    var mimeType: MIMEType
    var displayedSize: PixelSize?
    var duration: Int64?
    var blurHash: BlurHash?
    var isAnimated: Bool?
    var voice: VoiceDetails?

    /// Describes the file at `url`, declared as `declaredType`, with the header the composer read
    /// when it has one.
    init(fileAt url: URL, declaredType: MIMEType, header: ImageHeader?, sizePart: LocalPart?) {
        mimeType = declaredType.essenceType
        if let header = header ?? (try? ImageInspector().inspect(fileAt: url)) {
            messageType = .image
            mimeType = header.format.mimeType
            displayedSize = Self.pixels(header.displayedSize)
            isAnimated = header.isAnimated
            if let json = try? sizePart?.availableContent?.bytes() {
                blurHash = (try? ImageSizeMetadata(json: json))?.blurHash
            }
            return
        }
        let type = FileType(sniffing: Self.prefix(of: url))
        switch type {
        case .isoMedia(let format):
            mimeType = format.mimeType
            guard let media = try? ISOMediaInspector().inspect(fileAt: url) else { return }
            duration = media.duration.map { Int64(clamping: $0.milliseconds) }
            if let size = media.displayedSize {
                messageType = .video
                displayedSize = Self.pixels(size)
            } else {
                readAudio(at: url, sizePart: sizePart)
            }
        case .mp3, .ogg:
            mimeType = type.mimeType ?? mimeType
            readAudio(at: url, sizePart: sizePart)
        case .pdf, .zip:
            mimeType = type.mimeType ?? mimeType
        case .image, .other:
            break
        }
    }

    /// An `m.audio`: the duration from the audio's header (`AudioInspector`), and the voice
    /// message's duration and waveform when the size part holds them (`VoiceDetails`).
    private mutating func readAudio(at url: URL, sizePart: LocalPart?) {
        messageType = .audio
        if let header = try? AudioInspector().inspect(fileAt: url) {
            mimeType = header.format.mimeType
            duration = header.duration.map { Int64(clamping: $0.milliseconds) } ?? duration
        }
        guard let json = try? sizePart?.availableContent?.bytes(), var details = try? VoiceDetails(sizePartJSON: json),
            details.waveform != nil
        else { return }
        if details.duration == nil { details.duration = duration.map { Double($0) / 1000 } }
        voice = details
    }

    /// The description of a thumbnail: its type and displayed size.
    init(thumbnailAt url: URL, declaredType: MIMEType) {
        mimeType = (declaredType.originalVariant ?? declaredType).essenceType
        if let header = try? ImageInspector().inspect(fileAt: url) {
            mimeType = header.format.mimeType
            displayedSize = Self.pixels(header.displayedSize)
        }
    }

    /// `size` in whole pixels, or `nil` when a side is not from 1 to 65,535.
    private static func pixels(_ size: PixelSize) -> PixelSize? {
        return ContentFields.dimensions(of: size).map { PixelSize(width: CGFloat($0.0), height: CGFloat($0.1)) }
    }

    /// The file's first bytes, for sniffing.
    private static func prefix(of url: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 512)) ?? Data()
    }
}
