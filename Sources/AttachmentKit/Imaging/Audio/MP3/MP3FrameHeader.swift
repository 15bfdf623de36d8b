/// The four-byte header of an MPEG audio frame (ISO/IEC 11172-3 and 13818-3, with MPEG 2.5):
/// what a frame holds and how long it is.
struct MP3FrameHeader: Equatable {
    /// MPEG-1, MPEG-2 (half rates) or MPEG 2.5 (quarter rates).
    enum Version: Equatable { case mpeg1, mpeg2, mpeg25 }

    let version: Version
    /// 1, 2 or 3.
    let layer: Int
    /// In bits per second.
    let bitRate: Int
    /// In hertz.
    let sampleRate: Int
    let isPadded: Bool
    /// 1 for a mono frame, 2 for stereo, joint stereo and dual channel.
    let channelCount: Int

    private static let bitRates: [[Int]] = [
        [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],  // MPEG-1 layer I
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],  // MPEG-1 layer II
        [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],  // MPEG-1 layer III
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],  // MPEG-2/2.5 layer I
        [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],  // MPEG-2/2.5 layers II, III
    ]

    /// The header `word` holds, or `nil` when it is none: no sync, a reserved version, layer,
    /// bit rate or sample rate, or the free-format bit rate (whose frame length no header says).
    init?(_ word: UInt32) {
        guard word >> 21 == 0x7FF else { return nil }
        let versionBits = word >> 19 & 3
        let layerBits = word >> 17 & 3
        let bitRateIndex = Int(word >> 12 & 0xF)
        let rateIndex = Int(word >> 10 & 3)
        guard versionBits != 1, layerBits != 0, bitRateIndex != 0, bitRateIndex != 15, rateIndex != 3 else {
            return nil
        }
        version = versionBits == 3 ? .mpeg1 : versionBits == 2 ? .mpeg2 : .mpeg25
        layer = 4 - Int(layerBits)
        let table = version == .mpeg1 ? layer - 1 : layer == 1 ? 3 : 4
        bitRate = Self.bitRates[table][bitRateIndex] * 1000
        let base = [44_100, 48_000, 32_000][rateIndex]
        sampleRate = version == .mpeg1 ? base : version == .mpeg2 ? base / 2 : base / 4
        isPadded = word >> 9 & 1 == 1
        channelCount = word >> 6 & 3 == 3 ? 1 : 2
    }

    /// The samples per channel the frame decodes to.
    var samplesPerFrame: Int {
        switch layer {
        case 1: 384
        case 2: 1152
        default: version == .mpeg1 ? 1152 : 576
        }
    }

    /// The frame's length in bytes, header included.
    var length: Int {
        if layer == 1 { return (12 * bitRate / sampleRate + (isPadded ? 1 : 0)) * 4 }
        let factor = layer == 3 && version != .mpeg1 ? 72 : 144
        return factor * bitRate / sampleRate + (isPadded ? 1 : 0)
    }

    /// The shortest frame of this version, layer and sample rate (the lowest bit rate, no
    /// padding): the most frames a number of bytes can hold.
    var shortestLength: Int {
        let table = version == .mpeg1 ? layer - 1 : layer == 1 ? 3 : 4
        let lowest = Self.bitRates[table][1] * 1000
        if layer == 1 { return 12 * lowest / sampleRate * 4 }
        return (layer == 3 && version != .mpeg1 ? 72 : 144) * lowest / sampleRate
    }

    /// Where a Xing or Info header starts, from the frame's start: after the header and the
    /// side information.
    var xingOffset: Int {
        4 + (version == .mpeg1 ? (channelCount == 1 ? 17 : 32) : (channelCount == 1 ? 9 : 17))
    }

    /// Whether `other` can follow this frame in the same stream: same version, layer and rate.
    func isCompatible(with other: MP3FrameHeader) -> Bool {
        version == other.version && layer == other.layer && sampleRate == other.sampleRate
    }

    /// The codec's name: `MP3`, `MP2` or `MP1`.
    var codecName: String { "MP\(layer)" }
}
