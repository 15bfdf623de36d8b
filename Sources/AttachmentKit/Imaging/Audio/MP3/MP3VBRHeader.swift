/// The header some encoders put in an MP3's first frame, in place of audio: the Xing header
/// (`Xing` for variable bit rate, `Info` for constant, LAME's with the encoder delay and
/// padding after it) or Fraunhofer's `VBRI`. Its frame count times the samples per frame is the
/// duration, without reading every frame.
struct MP3VBRHeader: Equatable {
    /// `Xing`, `Info` or `VBRI`.
    let tag: String
    /// The audio frames that follow (this frame not included), or `nil` when the header has
    /// no count.
    let frameCount: UInt32?
    /// The samples the encoder added at the start and the end (LAME's tag), when it says.
    let encoderDelay: Int?
    let encoderPadding: Int?

    /// The VBR header in the frame at `offset`, or `nil` when the frame is an audio frame.
    static func read(
        frameAt offset: Int, header: MP3FrameHeader, _ reader: inout AudioByteReader
    ) throws(AudioInspector.Error) -> MP3VBRHeader? {
        let bytes = try reader.prefix(min(header.length, 256), from: offset)
        let xing = header.xingOffset
        for tag in ["Xing", "Info"] where matches(bytes, tag, at: xing) {
            return xingHeader(bytes, tag: tag, at: xing)
        }
        if matches(bytes, "VBRI", at: 36), bytes.count >= 36 + 18 {
            return MP3VBRHeader(
                tag: "VBRI", frameCount: UInt32(bigEndian(bytes, at: 36 + 14)), encoderDelay: nil, encoderPadding: nil)
        }
        return nil
    }

    private static func xingHeader(_ bytes: [UInt8], tag: String, at start: Int) -> MP3VBRHeader {
        guard bytes.count >= start + 8 else {
            return MP3VBRHeader(tag: tag, frameCount: nil, encoderDelay: nil, encoderPadding: nil)
        }
        let flags = bigEndian(bytes, at: start + 4)
        var next = start + 8
        var frames: UInt32?
        if flags & 1 != 0, bytes.count >= next + 4 {
            frames = UInt32(bigEndian(bytes, at: next))
            next += 4
        }
        if flags & 2 != 0 { next += 4 }
        if flags & 4 != 0 { next += 100 }
        if flags & 8 != 0 { next += 4 }
        // LAME's tag: a 9-byte encoder name, then the delay and padding at byte 21, 12 bits each.
        guard bytes.count >= next + 24, ["LAME", "Lavf", "Lavc"].contains(where: { matches(bytes, $0, at: next) })
        else { return MP3VBRHeader(tag: tag, frameCount: frames, encoderDelay: nil, encoderPadding: nil) }
        let delay = Int(bytes[next + 21]) << 4 | Int(bytes[next + 22]) >> 4
        let padding = Int(bytes[next + 22] & 0xF) << 8 | Int(bytes[next + 23])
        return MP3VBRHeader(tag: tag, frameCount: frames, encoderDelay: delay, encoderPadding: padding)
    }

    private static func matches(_ bytes: [UInt8], _ tag: String, at offset: Int) -> Bool {
        let magic = Array(tag.utf8)
        return bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<4).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }
}
