import Foundation
import Testing

@testable import AttachmentKit

/// Ogg files built page by page: each edge case RFC 3533 and RFC 7845 name, and hostile files,
/// get the exact duration, a documented result or a typed error, within the read budget.
@Suite("Ogg edge cases and hostile files", .inTurn)
struct OggHostileTests {
    typealias Writer = OggPageWriter

    private func inspect(_ bytes: [UInt8]) throws(AudioInspector.Error) -> AudioHeader {
        try AudioInspector().inspect(Data(bytes))
    }

    @Test("the duration is (last granule − pre-skip) / 48 kHz, read from the pages")
    func exactDuration() throws {
        let header = try inspect(Writer.opusStream(preSkip: 312, audioPages: 10))
        // 10 pages × 5 packets × 960 samples, less 312.
        #expect(header.duration == MediaDuration(value: 48_000 - 312, timescale: 48_000))
        #expect(header.channelCount == 1 && header.encoder == "test" && header.inputSampleRate == 48_000)
    }

    @Test("a stream that starts at a later granule position is timed from its first sample (RFC 7845 §4.5)")
    func startOffset() throws {
        let header = try inspect(Writer.opusStream(audioPages: 4) { _, samples in samples + 96_000 })
        #expect(header.duration == MediaDuration(value: 4 * 4800 - 312, timescale: 48_000))
    }

    @Test("pages whose granule is −1 end no packet: the last real granule counts")
    func granuleMinusOne() throws {
        let bytes = Writer.opusStream(audioPages: 6) { index, samples in index >= 4 ? -1 : samples }
        #expect(try inspect(bytes).duration == MediaDuration(value: 4 * 4800 - 312, timescale: 48_000))
        let never = Writer.opusStream(audioPages: 6) { _, _ in -1 }
        #expect(try inspect(never).duration == nil)
    }

    @Test("chained streams are summed, each with its own pre-skip")
    func chained() throws {
        let bytes =
            Writer.opusStream(serial: 1, preSkip: 312, audioPages: 10)
            + Writer.opusStream(serial: 2, preSkip: 3840, audioPages: 5)
        let header = try inspect(bytes)
        #expect(header.streamCount == 2)
        #expect(header.duration == MediaDuration(value: 48_000 - 312 + 24_000 - 3840, timescale: 48_000))
    }

    @Test("a bad CRC, a cut segment table, a granule going backwards are typed errors")
    func damaged() throws {
        var bytes = Writer.opusStream(audioPages: 3)
        bytes[bytes.count - 2] ^= 0xFF
        #expect(throws: AudioInspector.Error.self) { try inspect(bytes) }
        do {
            _ = try inspect(bytes)
        } catch .checksumMismatch(let offset, _, _) {
            #expect(offset > 0)
        } catch {
            Issue.record("\(error)")
        }
        let cut = Array(Writer.opusStream(audioPages: 3).dropLast(2))
        #expect {
            try inspect(cut)
        } throws: { error in
            guard case .truncated(.ogg, _) = error as? AudioInspector.Error else { return false }
            return true
        }
        let backwards = Writer.opusStream(audioPages: 4) { index, samples in index == 2 ? 10 : samples }
        #expect {
            try inspect(backwards)
        } throws: { error in
            guard case .malformed(.ogg, let reason) = error as? AudioInspector.Error else { return false }
            return reason.contains("backwards")
        }
    }

    @Test("a stream without OpusHead or Vorbis is an unsupported codec; an empty file no audio")
    func noOpusHead() throws {
        let bytes =
            Writer.page(serial: 1, sequence: 0, granule: 0, flags: 2, packets: [Array("Speex   xxxxxxxx".utf8)])
            + Writer.page(serial: 1, sequence: 1, granule: 100, packets: [[1, 2, 3]])
        #expect(throws: AudioInspector.Error.unsupportedCodec("Speex")) { try inspect(bytes) }
        #expect(throws: AudioInspector.Error.empty) { try inspect([]) }
        #expect(throws: AudioInspector.Error.self) { try inspect(Array("OggS".utf8) + [0, 2]) }
    }

    @Test("10,000 empty pages end within the budget: a result or a read-budget error, never a hang")
    func manyEmptyPages() throws {
        var bytes = Writer.opusStream(audioPages: 1)
        for index in 0..<10_000 {
            bytes += Writer.page(serial: 7, sequence: UInt32(index + 3), granule: -1, packets: [])
        }
        do {
            let header = try inspect(bytes)
            #expect(header.duration == MediaDuration(value: 4800 - 312, timescale: 48_000))
        } catch .readCountExceeded(.ogg, _) {
        } catch {
            Issue.record("\(error)")
        }
        let small = AudioInspector(maximumByteCount: 1 << 20, maximumReadCount: 1000)
        #expect(throws: AudioInspector.Error.readCountExceeded(.ogg, limit: 1000)) {
            try small.inspect(Data(bytes))
        }
    }

    @Test("a large file is read at both ends: the last page found by its capture pattern and CRC")
    func headAndTail() throws {
        let bytes = Writer.opusStream(audioPages: 8000, packetsPerPage: 50)
        let inspector = AudioInspector(maximumByteCount: bytes.count)
        let header = try inspector.inspect(Data(bytes))
        #expect(header.duration == MediaDuration(value: 8000 * 48_000 - 312, timescale: 48_000))
        // Each end's pages are examined about twice (their header, then the whole page).
        #expect(header.inspectedByteCount < 5 * 64 * 1024)
        // A chained link in the middle: the end belongs to a stream the start did not begin.
        let chained = bytes + Writer.opusStream(serial: 9, audioPages: 8000, packetsPerPage: 50)
        #expect(try AudioInspector(maximumByteCount: chained.count).inspect(Data(chained)).duration == nil)
        let whole = try AudioInspector(maximumByteCount: 16 << 20).inspect(Data(chained))
        #expect(whole.streamCount == 2)
        #expect(whole.duration == MediaDuration(value: 2 * (8000 * 48_000 - 312), timescale: 48_000))
    }
}
