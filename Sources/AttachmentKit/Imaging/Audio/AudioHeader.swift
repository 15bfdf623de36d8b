import Foundation

/// What an audio file's header says, read without decoding a sample: its container, codec,
/// duration, channels and sample rate.
///
/// Get one from ``AudioInspector`` (a file or bytes) or
/// ``RemotePart/MediaHeaderReader/inspectAudio(_:headers:)`` (a URL, with ranged requests).
public struct AudioHeader: Sendable, Equatable {
    /// The container of an audio file, told from its bytes, never from its declared type.
    public enum Format: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
        /// Ogg (RFC 3533), with Opus (RFC 7845) or Vorbis inside.
        case ogg
        /// MPEG audio frames (MP3), with or without an ID3v2 tag.
        case mp3
        /// MPEG-4 audio (an ISO media file with a sound track and no video: M4A, AAC in MP4).
        case m4a

        /// The format's media type: `audio/ogg`, `audio/mpeg` or `audio/mp4`.
        public var mimeType: MIMEType {
            switch self {
            case .ogg: MIMEType(validatedType: "audio", subtype: "ogg", parameters: [:])
            case .mp3: MIMEType(validatedType: "audio", subtype: "mpeg", parameters: [:])
            case .m4a: MIMEType(validatedType: "audio", subtype: "mp4", parameters: [:])
            }
        }

        public var description: String {
            switch self {
            case .ogg: "Ogg"
            case .mp3: "MP3"
            case .m4a: "M4A"
            }
        }
    }

    /// The container.
    public let format: Format
    /// The codec: `Opus`, `Vorbis`, `MP3` (`MP2`, `MP1` for the other MPEG audio layers), `AAC`,
    /// `ALAC`, `FLAC`, or the sample entry's four-character code for another codec in an M4A.
    public let codec: String
    /// The duration, or `nil` when the file does not say: an Ogg stream whose every page has
    /// granule −1, an M4A whose `mvhd` says "unknown". For Ogg, the exact sum over chained
    /// streams of (last granule − pre-skip − start) / 48,000 for Opus, last granule / rate for
    /// Vorbis; for MP3, the frame count (from a Xing, Info or VBRI header, or counted) times the
    /// samples per frame, divided by the sample rate.
    public let duration: MediaDuration?
    /// Whether ``duration`` is an estimate: an MP3 without a VBR header whose frames could not
    /// all be counted within the read budget, timed by its remaining bytes at the bit rate of
    /// the frames counted. Every other duration is exact.
    public let isDurationEstimated: Bool
    /// The number of channels (1 for mono, 2 for stereo).
    public let channelCount: Int
    /// The sample rate the audio decodes at, in hertz: always 48,000 for Opus.
    public let sampleRate: Int
    /// Opus's "input sample rate" (`OpusHead`): the rate of the audio before it was encoded,
    /// which a player may ignore; `nil` for other codecs or when the header says 0.
    public let inputSampleRate: Int?
    /// The number of chained streams an Ogg file holds, played one after the other (1 for
    /// other formats).
    public let streamCount: Int
    /// The encoder's name: the vendor string of `OpusTags` or the Vorbis comment header, or
    /// `nil` when the file has none within the bytes read.
    public let encoder: String?
    /// How many bytes the inspector read: bytes read from disk for a file, bytes examined for
    /// data in memory, bytes fetched for a remote file.
    public let inspectedByteCount: Int

    /// Creates a header from known values (for tests and previews); ``AudioInspector`` makes
    /// the real ones.
    package init(
        format: Format, codec: String, duration: MediaDuration?, isDurationEstimated: Bool = false,
        channelCount: Int, sampleRate: Int, inputSampleRate: Int? = nil, streamCount: Int = 1,
        encoder: String? = nil, inspectedByteCount: Int = 0
    ) {
        self.format = format
        self.codec = codec
        self.duration = duration
        self.isDurationEstimated = isDurationEstimated
        self.channelCount = channelCount
        self.sampleRate = sampleRate
        self.inputSampleRate = inputSampleRate
        self.streamCount = streamCount
        self.encoder = encoder
        self.inspectedByteCount = inspectedByteCount
    }

    /// The container and codec as a person names them: `Ogg Opus`, `Ogg Vorbis`, `MP3`,
    /// `M4A (AAC)`.
    public var formatName: String {
        switch format {
        case .ogg: "Ogg \(codec)"
        case .mp3: codec == "MP3" ? "MP3" : "MPEG audio (\(codec))"
        case .m4a: "M4A (\(codec))"
        }
    }

    /// A copy that says `byteCount` bytes were read.
    func reading(_ byteCount: Int) -> AudioHeader {
        AudioHeader(
            format: format, codec: codec, duration: duration, isDurationEstimated: isDurationEstimated,
            channelCount: channelCount, sampleRate: sampleRate, inputSampleRate: inputSampleRate,
            streamCount: streamCount, encoder: encoder, inspectedByteCount: byteCount)
    }
}
