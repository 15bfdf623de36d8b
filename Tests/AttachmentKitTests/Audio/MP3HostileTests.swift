import Foundation
import Testing

@testable import AttachmentKit

/// MP3 files built frame by frame: VBR headers, ID3v2 tags and hostile counts.
@Suite("MP3 frames, VBR headers and hostile files", .inTurn)
struct MP3HostileTests {
    /// MPEG-1 layer III, 128 kbit/s, 44.1 kHz, stereo, no padding: 417 bytes, 1152 samples.
    static let frameWord: UInt32 = 0xFFFB_9000

    static func frame(_ body: [UInt8] = []) -> [UInt8] {
        let header = OggPageWriter.le(UInt64(frameWord.byteSwapped), 4)
        return header + body + [UInt8](repeating: 0, count: 417 - 4 - body.count)
    }

    /// A Xing frame whose frame count is `frames`.
    static func xing(_ frames: UInt32, tag: String = "Xing") -> [UInt8] {
        // Stereo MPEG-1: the tag follows 32 bytes of side information.
        frame(
            [UInt8](repeating: 0, count: 32) + Array(tag.utf8) + [0, 0, 0, 1]
                + OggPageWriter.le(UInt64(frames.byteSwapped), 4))
    }

    static func id3(size: Int, synchsafe: Bool = true) -> [UInt8] {
        let sizeBytes: [UInt8] =
            synchsafe ? [3, 2, 1, 0].map { UInt8(size >> (7 * $0) & 0x7F) } : [0x00, 0x00, 0x01, 0xFF]
        return Array("ID3".utf8) + [4, 0, 0] + sizeBytes + [UInt8](repeating: 0, count: size)
    }

    private func inspect(_ bytes: [UInt8]) throws(AudioInspector.Error) -> AudioHeader {
        try AudioInspector().inspect(Data(bytes))
    }

    @Test("frames are counted after an ID3v2 tag; an ID3v1 tag at the end stops the count")
    func counted() throws {
        let bytes =
            Self.id3(size: 300) + (0..<50).flatMap { _ in Self.frame() } + Array("TAG".utf8)
            + [UInt8](repeating: 0, count: 125)
        let header = try inspect(bytes)
        #expect(header.duration == MediaDuration(value: 50 * 1152, timescale: 44_100))
        #expect(header.channelCount == 2 && header.sampleRate == 44_100 && header.codec == "MP3")
        #expect(!header.isDurationEstimated)
    }

    @Test("a Xing or Info header's count is the duration; the header frame is not audio")
    func xingCount() throws {
        let bytes = Self.xing(40) + (0..<40).flatMap { _ in Self.frame() }
        #expect(try inspect(bytes).duration == MediaDuration(value: 40 * 1152, timescale: 44_100))
        let info = Self.xing(40, tag: "Info") + (0..<40).flatMap { _ in Self.frame() }
        #expect(try inspect(info).duration == MediaDuration(value: 40 * 1152, timescale: 44_100))
    }

    @Test("an absurd Xing frame count is ignored and the frames are counted")
    func absurdXing() throws {
        let bytes = Self.xing(4_000_000_000) + (0..<10).flatMap { _ in Self.frame() }
        #expect(try inspect(bytes).duration == MediaDuration(value: 10 * 1152, timescale: 44_100))
        let zero = Self.xing(0) + (0..<10).flatMap { _ in Self.frame() }
        #expect(try inspect(zero).duration == MediaDuration(value: 10 * 1152, timescale: 44_100))
    }

    @Test("more frames than the read budget: the rest timed by its bytes and marked estimated")
    func estimated() throws {
        let bytes = (0..<400).flatMap { _ in Self.frame() }
        let header = try AudioInspector(maximumByteCount: 1 << 20, maximumReadCount: 120).inspect(Data(bytes))
        #expect(header.isDurationEstimated)
        #expect(header.duration == MediaDuration(value: 400 * 1152, timescale: 44_100))
    }

    @Test("a tag that is not synchsafe, a tag past the end, bytes without a frame are typed errors")
    func hostile() throws {
        #expect(throws: AudioInspector.Error.self) {
            try inspect(Self.id3(size: 10, synchsafe: false) + Self.frame())
        }
        #expect(throws: AudioInspector.Error.truncated(.mp3, offset: 0)) {
            try inspect(Array(Self.id3(size: 1000).prefix(500)))
        }
        #expect {
            try inspect(Self.id3(size: 20) + [UInt8](repeating: 0x55, count: 5000))
        } throws: { error in
            guard case .malformed(.mp3, _) = error as? AudioInspector.Error else { return false }
            return true
        }
    }
}
