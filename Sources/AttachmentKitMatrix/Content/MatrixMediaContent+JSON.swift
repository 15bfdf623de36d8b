import AttachmentKit
import Foundation

extension MatrixMediaContent {
    /// The most bytes an event may have, content included (the spec's limit on an event).
    public static let maximumByteCount = 65_536

    /// The unstable key of the BlurHash in `info` (MSC2448), as Element, Cinny and FluffyChat send it.
    static let blurHashKey = "xyz.amorgan.blurhash"
    /// The key of a voice message's duration and waveform (MSC1767).
    static let audioKey = "org.matrix.msc1767.audio"
    /// The key that marks a voice message (MSC3245).
    static let voiceKey = "org.matrix.msc3245.voice"

    /// Reads an `m.image`, `m.video`, `m.audio` or `m.file` event content and checks every field
    /// it knows: the first problem is thrown, naming the field.
    ///
    /// Required: `msgtype`, `body`, and exactly one of `url` (a content URI) and `file` (an
    /// `EncryptedFile` v2 whose `url` is a content URI). Optional, each checked when present:
    /// `filename`; `info` with `w` and `h` (1–65,535), `size` and `duration` (integers from 0),
    /// `mimetype` (a media type), `is_animated`, `xyz.amorgan.blurhash` (a valid BlurHash), at
    /// most one of `thumbnail_url` and `thumbnail_file`, and `thumbnail_info` (`w`, `h`,
    /// `mimetype`, `size`); the voice fields `org.matrix.msc1767.audio` (`duration` in
    /// milliseconds from 0, `waveform` integers 0…1024) and `org.matrix.msc3245.voice`. Other fields are ignored; `null` counts as absent.
    ///
    /// - Throws: ``Error``.
    public init(json: Data) throws(Error) {
        guard json.count <= Self.maximumByteCount, case .object(let object)? = JSONValue.parse(json) else {
            throw .notAJSONObject
        }
        let content = ContentFields(object)
        let typeName = try content.requiredString("msgtype")
        guard let messageType = MessageType(rawValue: typeName) else { throw .unsupportedMessageType(typeName) }
        let body = try content.requiredString("body")
        guard let source = try content.source(plain: "url", encrypted: "file") else { throw .missingSource }
        self.init(messageType: messageType, body: body, source: source)
        fileName = try content.string("filename")
        if let info = try content.object("info") { try read(info) }
        try readVoice(content)
    }

    private mutating func read(_ info: ContentFields) throws(Error) {
        mimeType = try info.mimeType("mimetype")
        byteCount = try info.integer("size")
        displayedSize = try info.displayedSize()
        duration = try info.integer("duration")
        blurHash = try info.blurHash(Self.blurHashKey)
        isAnimated = try info.bool("is_animated")
        if let source = try info.source(plain: "thumbnail_url", encrypted: "thumbnail_file") {
            var thumbnail = Thumbnail(source: source)
            if let details = try info.object("thumbnail_info") {
                thumbnail.displayedSize = try details.displayedSize()
                thumbnail.mimeType = try details.mimeType("mimetype")
                thumbnail.byteCount = try details.integer("size")
            }
            self.thumbnail = thumbnail
        } else {
            _ = try info.object("thumbnail_info")
        }
    }

    private mutating func readVoice(_ content: ContentFields) throws(Error) {
        isVoiceMessage = content.has(Self.voiceKey)
        if isVoiceMessage { _ = try content.object(Self.voiceKey) }
        guard let audio = try content.object(Self.audioKey) else { return }
        var details = VoiceDetails(duration: try audio.integer("duration").map { Double($0) / 1000 })
        if let levels = try audio.integers("waveform") {
            if let index = levels.firstIndex(where: { !(0...Waveform.matrixMaximum).contains($0) }) {
                throw .outOfRange(field: "\(Self.audioKey).waveform[\(index)]", value: Int64(levels[index]))
            }
            details.waveform = try? Waveform(matrixLevels: levels)
        }
        voice = details
    }

    /// The content as JSON with sorted keys: what a chat SDK sends as the `m.room.message`
    /// event's content (inside the Megolm-encrypted event when ``source`` is encrypted: the
    /// `EncryptedFile` holds the key).
    public func jsonData() -> Data { JSONValue.object(fields).data }

    /// The content's fields, as ``jsonData()`` writes them.
    var fields: [String: JSONValue] {
        var content: [String: JSONValue] = ["msgtype": .string(messageType.rawValue), "body": .string(body)]
        if let fileName { content["filename"] = .string(fileName) }
        Self.write(source, plain: "url", encrypted: "file", into: &content)
        var info: [String: JSONValue] = [:]
        if let mimeType { info["mimetype"] = .string(mimeType.description) }
        if let byteCount { info["size"] = .integer(byteCount) }
        Self.write(displayedSize, into: &info)
        if let duration { info["duration"] = .integer(duration) }
        if let blurHash { info[Self.blurHashKey] = .string(blurHash.string) }
        if let isAnimated { info["is_animated"] = .bool(isAnimated) }
        if let thumbnail {
            Self.write(thumbnail.source, plain: "thumbnail_url", encrypted: "thumbnail_file", into: &info)
            var details: [String: JSONValue] = [:]
            Self.write(thumbnail.displayedSize, into: &details)
            if let type = thumbnail.mimeType { details["mimetype"] = .string(type.description) }
            if let size = thumbnail.byteCount { details["size"] = .integer(size) }
            if !details.isEmpty { info["thumbnail_info"] = .object(details) }
        }
        if !info.isEmpty { content["info"] = .object(info) }
        if let voice {
            var audio: [String: JSONValue] = [:]
            if let seconds = voice.duration, seconds.isFinite, seconds >= 0 {
                audio["duration"] = .integer(Int64(clamping: Int((seconds * 1000).rounded())))
            }
            if let waveform = voice.waveform {
                audio["waveform"] = .array(waveform.matrixLevels.map { .integer(Int64($0)) })
            }
            content[Self.audioKey] = .object(audio)
        }
        if isVoiceMessage { content[Self.voiceKey] = .object([:]) }
        return content
    }

    /// `w` and `h`, whole pixels from 1 to 65,535, when `size` has both.
    private static func write(_ size: PixelSize?, into fields: inout [String: JSONValue]) {
        guard let (width, height) = size.flatMap(ContentFields.dimensions) else { return }
        fields["w"] = .integer(Int64(width))
        fields["h"] = .integer(Int64(height))
    }

    private static func write(
        _ source: Source, plain: String, encrypted: String, into fields: inout [String: JSONValue]
    ) {
        switch source {
        case .plain(let uri):
            fields[plain] = .string(uri.description)
        case .encrypted(var file, let uri):
            file.url = uri.description
            fields[encrypted] = JSONValue.parse(file.jsonData()) ?? .null
        }
    }
}
