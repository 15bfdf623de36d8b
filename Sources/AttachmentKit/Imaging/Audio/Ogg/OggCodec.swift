/// The codec of an Ogg logical stream, from the first packet of its beginning page: Opus
/// (`OpusHead`, RFC 7845 §5.1), Vorbis (its identification header), or another one named.
enum OggCodec: Equatable {
    /// Opus: the channels, the samples at 48 kHz to drop at the start, and the input rate
    /// (informational; 0 when unknown).
    case opus(channelCount: Int, preSkip: Int, inputSampleRate: Int)
    /// Vorbis: the channels and the sample rate its granule positions count.
    case vorbis(channelCount: Int, sampleRate: Int)
    /// A stream that is not audio the inspector times (`Skeleton` and `Theora` are not audio;
    /// `FLAC`, `Speex`… are audio it does not time), by the name its header gives.
    case other(String)

    /// Whether the stream is audio the inspector times.
    var isTimedAudio: Bool {
        if case .other = self { return false }
        return true
    }

    /// The packets before the audio: `OpusHead` and `OpusTags`; Vorbis's three headers.
    var headerPacketCount: Int {
        switch self {
        case .opus: 2
        case .vorbis: 3
        case .other: 1
        }
    }

    /// The codec `packet`, the first of a stream, identifies.
    init(identifying packet: ArraySlice<UInt8>) throws(AudioInspector.Error) {
        let bytes = Array(packet)
        if bytes.starts(with: Array("OpusHead".utf8)) {
            guard bytes.count >= 19 else { throw .malformed(.ogg, reason: "OpusHead has \(bytes.count) bytes, not 19") }
            guard bytes[8] >> 4 == 0 else { throw .malformed(.ogg, reason: "OpusHead version \(bytes[8]) is unknown") }
            let channels = Int(bytes[9])
            let family = bytes[18]
            guard channels > 0, family != 0 || channels <= 2 else {
                throw .malformed(.ogg, reason: "OpusHead declares \(channels) channels with mapping family \(family)")
            }
            guard family == 0 || bytes.count >= 21 + channels else {
                throw .malformed(.ogg, reason: "OpusHead's channel mapping table is cut short")
            }
            self = .opus(
                channelCount: channels, preSkip: Int(truncatingIfNeeded: OggPage.littleEndian(bytes, at: 10, count: 2)),
                inputSampleRate: Int(clamping: UInt32(OggPage.littleEndian(bytes, at: 12, count: 4))))
        } else if bytes.starts(with: [0x01] + Array("vorbis".utf8)) {
            guard bytes.count >= 30 else {
                throw .malformed(.ogg, reason: "the Vorbis header has \(bytes.count) bytes")
            }
            let channels = Int(bytes[11])
            let rate = Int(clamping: UInt32(OggPage.littleEndian(bytes, at: 12, count: 4)))
            guard OggPage.littleEndian(bytes, at: 7, count: 4) == 0, channels > 0, 0 < rate, rate <= 1_000_000 else {
                throw .malformed(.ogg, reason: "the Vorbis header declares \(channels) channels at \(rate) Hz")
            }
            self = .vorbis(channelCount: channels, sampleRate: rate)
        } else {
            self = .other(Self.name(of: bytes))
        }
    }

    /// The name of a codec by the magic of its first packet.
    private static func name(of bytes: [UInt8]) -> String {
        let names: [(magic: [UInt8], name: String)] = [
            ([0x7F] + Array("FLAC".utf8), "FLAC"), (Array("Speex   ".utf8), "Speex"),
            ([0x80] + Array("theora".utf8), "Theora"), (Array("fishead\0".utf8), "Skeleton"),
            (Array("OVP80".utf8), "VP8"), ([0x80] + Array("kate".utf8), "Kate"), (Array("PCM     ".utf8), "PCM"),
            (Array("CELT    ".utf8), "CELT"),
        ]
        return names.first { bytes.starts(with: $0.magic) }?.name ?? "an unknown codec"
    }

    /// The samples at 48 kHz an Opus packet holds, from its TOC byte (RFC 6716 §3.1); `nil`
    /// for a code 3 packet too short to say its frame count.
    static func opusSampleCount(ofPacket packet: ArraySlice<UInt8>) -> Int? {
        guard let toc = packet.first else { return 0 }
        let configuration = Int(toc >> 3)
        let frame =
            switch configuration {
            case 0..<12: [480, 960, 1920, 2880][configuration % 4]
            case 12..<16: [480, 960][configuration % 2]
            default: [120, 240, 480, 960][configuration % 4]
            }
        switch toc & 3 {
        case 0: return frame
        case 1, 2: return 2 * frame
        default:
            guard packet.count >= 2 else { return nil }
            return Int(packet[packet.startIndex + 1] & 0x3F) * frame
        }
    }

    /// The vendor string of a comment header (`OpusTags`, or Vorbis's `\u{3}vorbis`), when the
    /// packet holds it whole.
    static func vendor(ofCommentPacket packet: ArraySlice<UInt8>) -> String? {
        let bytes = Array(packet)
        let magicLength: Int
        if bytes.starts(with: Array("OpusTags".utf8)) {
            magicLength = 8
        } else if bytes.starts(with: [0x03] + Array("vorbis".utf8)) {
            magicLength = 7
        } else {
            return nil
        }
        guard bytes.count >= magicLength + 4 else { return nil }
        let length = OggPage.littleEndian(bytes, at: magicLength, count: 4)
        guard length <= UInt64(bytes.count - magicLength - 4) else { return nil }
        let start = magicLength + 4
        // At most the packet's length, checked above.
        return String(decoding: bytes[start..<start + Int(truncatingIfNeeded: length)], as: UTF8.self)
    }
}
