/// Reads an MP3's duration, channels and sample rate from its frame headers, without decoding.
///
/// ID3v2 tags are skipped by their size; the first frame is the first valid header within
/// ``syncSearchLength`` bytes whose next frame also has a valid, compatible header (so that
/// bytes that merely look like a sync word are not taken for one). The duration comes from the
/// Xing, Info or VBRI header when there is one and its frame count is possible for the file's
/// size (an absurd count is ignored); otherwise the frames are counted, header by header,
/// until one is not a frame (an ID3v1 or APE tag at the end). When the budget or the bytes at
/// hand end first, the rest is timed at the average frame length of the frames counted, and
/// the duration is marked estimated.
enum MP3Reader {
    /// How far after the tags the first frame is searched for.
    static let syncSearchLength = 64 * 1024

    /// The header of the MP3 the reader holds, whose whole file has `fileSize` bytes (more than
    /// the reader's when it holds the first bytes of a remote file).
    static func read(
        _ reader: inout AudioByteReader, fileSize: Int
    ) throws(AudioInspector.Error) -> AudioHeader {
        let (start, first) = try firstFrame(&reader, from: try ID3v2Tag.end(from: 0, &reader))
        let vbr = try MP3VBRHeader.read(frameAt: start, header: first, &reader)
        if let frames = vbr?.frameCount, frames > 0,
            UInt64(frames) * UInt64(first.shortestLength) <= UInt64(max(0, fileSize - start))
        {
            return header(first, frames: UInt64(frames), estimated: false, reader)
        }
        var offset = vbr == nil ? start : start + first.length
        let audioStart = offset
        var frames: UInt64 = 0
        var complete = true
        while offset <= reader.count - 4 {
            let word: UInt32
            do {
                word = try reader.rawUInt32(at: offset, bigEndian: true)
            } catch .readLimitExceeded, .readCountExceeded {
                complete = false
                break
            }
            guard let frame = MP3FrameHeader(word), frame.isCompatible(with: first) else { break }
            frames += 1
            offset += frame.length
        }
        if reader.count < fileSize, offset >= reader.count - 4 { complete = false }
        guard !complete, frames > 0 else { return header(first, frames: frames, estimated: false, reader) }
        let average = Double(offset - audioStart) / Double(frames)
        let rest = (Double(max(0, fileSize - offset)) / average).rounded(.down)
        return header(first, frames: frames + UInt64(rest), estimated: true, reader)
    }

    private static func header(
        _ first: MP3FrameHeader, frames: UInt64, estimated: Bool, _ reader: AudioByteReader
    ) -> AudioHeader {
        AudioHeader(
            format: .mp3, codec: first.codecName,
            duration: MediaDuration(value: frames * UInt64(first.samplesPerFrame), timescale: UInt32(first.sampleRate)),
            isDurationEstimated: estimated, channelCount: first.channelCount, sampleRate: first.sampleRate,
            inspectedByteCount: reader.inspectedByteCount)
    }

    /// The offset and header of the first frame at or after `start`.
    private static func firstFrame(
        _ reader: inout AudioByteReader, from start: Int
    ) throws(AudioInspector.Error) -> (Int, MP3FrameHeader) {
        let window = try reader.prefix(syncSearchLength, from: start)
        let reachesEnd = start + window.count == reader.count
        var index = 0
        while index + 4 <= window.count {
            defer { index += 1 }
            guard window[index] == 0xFF, let frame = MP3FrameHeader(word(window, at: index)) else { continue }
            let next = index + frame.length
            if next + 4 <= window.count {
                if let following = MP3FrameHeader(word(window, at: next)), following.isCompatible(with: frame) {
                    return (start + index, frame)
                }
            } else if reachesEnd || next >= window.count {
                return (start + index, frame)
            }
        }
        throw .malformed(.mp3, reason: "no MPEG audio frame within \(syncSearchLength) bytes of byte \(start)")
    }

    private static func word(_ bytes: [UInt8], at index: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[index + $1]) }
    }
}
