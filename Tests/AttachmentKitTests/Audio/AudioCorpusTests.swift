import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// Durations, channels, sample rates and codecs the audio inspector reads from files that
/// outside encoders made agree with outside readers of the same files.
@Suite("Audio inspection against opusinfo, ffprobe and granule arithmetic", SuiteTimeLimit.minutes(5), .inTurn)
struct AudioCorpusTests {
    static let corpusAvailable = AudioCorpus.isAvailable

    @Test(
        "Ogg Opus: (last granule − pre-skip) / 48 kHz summed over chained streams, within 1 ms of opusinfo",
        .enabled(if: corpusAvailable, "needs \(AudioCorpus.tools.joined(separator: ", "))"),
        arguments: AudioCorpus.opusFiles)
    func opus(_ name: String) async throws {
        let url = try await AudioCorpus.shared().url(name)
        let oracle = try await AudioOracle(url)
        let header = try AudioInspector().inspect(fileAt: url)
        let seconds = try #require(header.duration).seconds
        #expect(header.format == .ogg && header.codec == "Opus")
        #expect(abs(seconds - (try #require(oracle.granuleSeconds))) < 1e-9)
        // opusinfo truncates to the millisecond.
        let opusinfo = try #require(oracle.opusinfoSeconds)
        #expect(seconds >= opusinfo - 1e-9 && seconds - opusinfo < 0.001 * Double(header.streamCount))
        #expect(header.channelCount == oracle.channels)
        #expect(header.sampleRate == 48_000)
        #expect(header.streamCount == (name == "chained.opus" ? 2 : 1))
        #expect(header.encoder?.isEmpty == false)
        if name == "chained.opus", let mutagen = oracle.mutagenSeconds {
            // mutagen reads the first stream only: 2.5 s short.
            #expect(abs(seconds - mutagen - 2.5) < 0.001)
        }
    }

    @Test(
        "MP3: frames × samples per frame / rate, within one frame of ffprobe's count, Xing or not",
        .enabled(if: corpusAvailable, "needs \(AudioCorpus.tools.joined(separator: ", "))"),
        arguments: AudioCorpus.mp3Files)
    func mp3(_ name: String) async throws {
        let url = try await AudioCorpus.shared().url(name)
        let oracle = try await AudioOracle(url)
        let header = try AudioInspector().inspect(fileAt: url)
        let frame = Double(oracle.sampleRate >= 32_000 ? 1152 : 576) / Double(oracle.sampleRate)
        let counted = Double(try #require(oracle.ffprobeFrames)) * frame
        let seconds = try #require(header.duration).seconds
        #expect(abs(seconds - counted) <= frame + 1e-9, "\(seconds) vs \(counted)")
        #expect(!header.isDurationEstimated)
        #expect(header.format == .mp3 && header.codec == "MP3")
        #expect(header.channelCount == oracle.channels)
        #expect(header.sampleRate == oracle.sampleRate)
        if name.contains("vbr-noxing"), let mutagen = oracle.mutagenSeconds {
            // mutagen guesses a VBR file without a Xing header from its first bit rate.
            #expect(abs(mutagen - seconds) > 0.5, "mutagen \(mutagen), ours \(seconds)")
        }
    }

    @Test(
        "M4A: the duration within 1 ms of ffprobe, channels, rate and codec from the sample entry",
        .enabled(if: corpusAvailable, "needs \(AudioCorpus.tools.joined(separator: ", "))"),
        arguments: AudioCorpus.m4aFiles)
    func m4a(_ name: String) async throws {
        let url = try await AudioCorpus.shared().url(name)
        let oracle = try await AudioOracle(url)
        let header = try AudioInspector().inspect(fileAt: url)
        #expect(abs(try #require(header.duration).seconds - (try #require(oracle.ffprobeDuration))) < 0.001)
        #expect(header.format == .m4a && header.codec == "AAC")
        #expect(header.channelCount == oracle.channels)
        #expect(header.sampleRate == oracle.sampleRate)
    }

    @Test(
        "Ogg Vorbis: the last granule at the stream's rate, as ffprobe",
        .enabled(if: corpusAvailable, "needs \(AudioCorpus.tools.joined(separator: ", "))"))
    func vorbis() async throws {
        let url = try await AudioCorpus.shared().url("stereo48k-vorbis.ogg")
        let oracle = try await AudioOracle(url)
        let header = try AudioInspector().inspect(fileAt: url)
        #expect(header.codec == "Vorbis" && header.channelCount == 2 && header.sampleRate == 48_000)
        #expect(abs(try #require(header.duration).seconds - (try #require(oracle.ffprobeDuration))) < 0.001)
    }

    @Test(
        "the format comes from the bytes: an M4A declared audio/ogg is read as an M4A and passes verification",
        .enabled(if: corpusAvailable, "needs \(AudioCorpus.tools.joined(separator: ", "))"))
    func sniffedNotDeclared() async throws {
        let data = try Data(contentsOf: try await AudioCorpus.shared().url("speech16k-aac.m4a"))
        let type = try FileType.verify(.data(data), declaredType: try MIMEType("audio/ogg"))
        #expect(type == .isoMedia(.m4a))
        #expect(try AudioInspector().inspect(.data(data)).format == .m4a)
        let html = Data("<html>not found</html>".utf8)
        #expect(throws: FileType.VerificationError.self) {
            try FileType.verify(.data(html), declaredType: try MIMEType("audio/ogg"))
        }
    }

    @Test(
        "a file in memory gives the header a file gives",
        .enabled(if: corpusAvailable, "needs \(AudioCorpus.tools.joined(separator: ", "))"),
        arguments: AudioCorpus.opusFiles + AudioCorpus.mp3Files + AudioCorpus.m4aFiles)
    func memoryAndFileAgree(_ name: String) async throws {
        let url = try await AudioCorpus.shared().url(name)
        let fromFile = try AudioInspector().inspect(fileAt: url)
        let fromMemory = try AudioInspector().inspect(try Data(contentsOf: url))
        #expect(fromFile.reading(0) == fromMemory.reading(0))
        #expect(fromFile.inspectedByteCount > 0)
    }
}
#endif
