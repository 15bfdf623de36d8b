/// The channels and sample rate an AAC track's decoder configuration gives (ISO/IEC 14496-1
/// §7.2.6 `ES_Descriptor` in the `esds` box, ISO/IEC 14496-3 §1.6.2.1 `AudioSpecificConfig`):
/// the true values, where the sample entry's `channelcount` is often 2 whatever the audio.
struct AudioSpecificConfig {
    /// The channels, or `nil` when the configuration leaves them to the stream (0).
    let channelCount: Int?
    /// The sample rate in hertz.
    let sampleRate: Int

    private static let sampleRates = [
        96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8000, 7350,
    ]
    private static let channelCounts = [0, 1, 2, 3, 4, 5, 6, 8]

    /// The configuration in the `esds` box among the children of a sound sample entry, or `nil`
    /// when there is none or it can't be read.
    static func read(in entry: ISOBox, _ reader: inout ISOMediaParser.Reader) -> AudioSpecificConfig? {
        guard let version = try? reader.uint16(at: entry.payload + 8, bigEndian: true) else { return nil }
        var offset = entry.payload + 28 + (version == 1 ? 16 : version == 2 ? 36 : 0)
        for _ in 0..<8 where offset + 8 <= entry.end {
            guard let box = try? ISOBox(at: offset, parentEnd: entry.end, isTopLevel: false, &reader) else {
                return nil
            }
            if box.type == "esds" { return try? read(esds: box, &reader) }
            offset = box.end
        }
        return nil
    }

    /// Walks the descriptors of `esds` (after its version and flags) to `DecoderSpecificInfo`.
    private static func read(
        esds box: ISOBox, _ reader: inout ISOMediaParser.Reader
    ) throws(ISOMediaInspector.Error) -> AudioSpecificConfig? {
        var offset = box.payload + 4
        for _ in 0..<4 {
            let tag = try reader.uint8(at: offset)
            var length = 0
            offset += 1
            for _ in 0..<4 {
                let byte = try reader.uint8(at: offset)
                offset += 1
                length = length << 7 | byte & 0x7F
                if byte & 0x80 == 0 { break }
            }
            guard length <= box.end - offset else { return nil }
            switch tag {
            case 3:  // ES_Descriptor: ES_ID, flags, then optional fields.
                let flags = try reader.uint8(at: offset + 2)
                offset += 3 + (flags & 0x80 != 0 ? 2 : 0) + (flags & 0x20 != 0 ? 2 : 0)
                if flags & 0x40 != 0 { offset += 1 + (try reader.uint8(at: offset)) }
            case 4: offset += 13  // DecoderConfigDescriptor's fixed fields.
            case 5: return try config(at: offset, length: length, &reader)
            default: return nil
            }
        }
        return nil
    }

    /// The `AudioSpecificConfig` at `offset`: the object type, the frequency index (or an
    /// explicit 24-bit rate), the channel configuration.
    private static func config(
        at offset: Int, length: Int, _ reader: inout ISOMediaParser.Reader
    ) throws(ISOMediaInspector.Error) -> AudioSpecificConfig? {
        guard length >= 2 else { return nil }
        let byteCount = min(length, 6)
        let bits =
            try reader.unsigned(at: offset, byteCount: byteCount, bigEndian: true) << (8 * (8 - UInt64(byteCount)))
        var position: UInt64 = 5
        if bits >> 59 == 31 { position += 6 }
        func take(_ count: UInt64) -> Int {
            defer { position += count }
            return Int(truncatingIfNeeded: (bits << position) >> (64 - count))
        }
        let index = take(4)
        let rate = index == 15 ? take(24) : index < sampleRates.count ? sampleRates[index] : 0
        let channels = take(4)
        guard rate > 0, channels < channelCounts.count else { return nil }
        return AudioSpecificConfig(channelCount: channels == 0 ? nil : channelCounts[channels], sampleRate: rate)
    }
}
